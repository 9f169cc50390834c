/**
 * The mail of a new message to the thread's other participants (a job run after the message's
 * commit, keyed by the message): each person by their own preferences, with their own reply
 * address when replies by mail are taken (INBOUND_MAIL_DOMAIN).
 */
import type { JobKind } from '../../server/jobs/JobKind';
import { relIds } from './conversationRules';
import { MESSAGE_MAIL_JOB, replyAddress } from './threadStore';

/** Rich text as plain lines for a mail: paragraphs and breaks kept, tags dropped, the common entities read. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Who of `contactIds` is mailed: a person with an account by their preferences (not when their
 * profile says NONE, or their preference on the thread says NEVER; never a blocked account), a
 * person without one always (an outside party: a proponent's staff, a regulator).
 */
async function skipped(
  db: Parameters<JobKind['handler']>[0]['services']['db'],
  contactIds: string[],
  threadId: string,
): Promise<Set<string>> {
  const res = await db.query<{ contact: string; blocked: boolean; frequency: string | null; pref: string | null }>(
    `SELECT (u.data->'contact'->>'id') AS contact, a.blocked, u.data->>'notifyFrequency' AS frequency, p.pref
       FROM accounts a JOIN items u ON u.id = a.user_id
       LEFT JOIN notify_prefs p ON p.user_id = a.user_id AND p.item_id = $2
      WHERE (u.data->'contact'->>'id') = ANY($1::text[])`,
    [contactIds, threadId],
  );
  return new Set(res.rows.filter((r) => r.blocked || r.frequency === 'NONE' || r.pref === 'NEVER').map((r) => r.contact));
}

export const messageMailJob: JobKind = {
  name: MESSAGE_MAIL_JOB,
  outsideTransaction: true,
  async handler(ctx) {
    const { items, db, mailer, config, baseUrl } = ctx.services;
    const message = await items.find(ctx.key);
    if (!message || message.deletedAt) return;
    const thread = await items.find(relIds(message.data.thread)[0] ?? '');
    if (!thread || thread.deletedAt) return;
    const authorId = relIds(message.data.author)[0] ?? null;
    const author = authorId ? await items.find(authorId) : null;
    const others = relIds(thread.data.participants).filter((id) => id !== authorId);
    if (others.length === 0) return;
    const quiet = await skipped(db, others, thread.id);
    const people = await items.findMany(others.filter((id) => !quiet.has(id)));
    const body = plainText(typeof message.data.body === 'string' ? message.data.body : '');
    const files = relIds(message.data.attachments);
    const fileNames = files.length > 0 ? (await items.findMany(files)).map((f) => f.label).filter(Boolean) : [];
    const who = author?.label || 'Someone';
    const link = `${baseUrl()}/i-${thread.id}`;
    const domain = config.inboundMailDomain;
    for (const person of people) {
      const email = typeof person.data.email === 'string' ? person.data.email.trim() : '';
      if (!email || person.deletedAt) continue;
      const replyTo = domain ? await replyAddress(db, domain, thread.id, person.id) : undefined;
      await mailer.send({
        to: email,
        subject: `${thread.label} (${who})`,
        text: [
          `${who} wrote in the conversation "${thread.label}":`,
          '',
          body,
          ...(fileNames.length > 0 ? ['', `Files: ${fileNames.join(', ')}`] : []),
          '',
          replyTo ? `Reply to this mail to answer in the conversation, or open it: ${link}` : `Open the conversation: ${link}`,
        ].join('\n'),
        ...(replyTo ? { replyTo } : {}),
        headers: { 'X-KK-Thread': thread.id, 'X-KK-Message': message.id },
      });
    }
  },
};
