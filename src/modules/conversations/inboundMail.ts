/**
 * Replies by mail into conversations (issue 15): with INBOUND_MAIL_DOMAIN and INBOUND_SMTP_PORT set,
 * an SMTP listener takes mail to `thread-<n>-<token>@<domain>`, the address each participant's mail of
 * a message replies to. The token is that participant's alone (threadStore.replyAddress), so the mail
 * becomes a message of theirs, its quoted part cut off; a token of someone no longer taking part, or
 * an address it does not know, is refused at RCPT TO with 550 and nothing is written.
 */
import type { AddressInfo } from 'node:net';
import type { Services } from '../../server/services';
import { isParticipant } from './conversationRules';
import { addressee, lockThread, writeMessage } from './threadStore';

/** The largest mail taken (a reply's text; its files are not taken). */
export const INBOUND_MAX_BYTES = 5 * 1024 * 1024;

/** Where the listener of this process listens, once started (tests read the port). */
export const inboundListener: { address: AddressInfo | null } = { address: null };

/** A refusal the sending mail server is told, with its SMTP code. */
const refusal = (code: number, message: string): Error => Object.assign(new Error(message), { responseCode: code });

/** Lines that start the quoted part of a reply, as the common mail programs write it. */
const QUOTE_STARTS = [
  /^On .+wrote:\s*$/,
  /^Le .+a écrit\s*:\s*$/,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^_{5,}\s*$/,
  /^From:\s.+/,
  /^Sent from my /i,
];

/** A reply's own text: what comes before the quoted message (and without `>` lines). */
export function replyText(text: string): string {
  const own: string[] = [];
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (QUOTE_STARTS.some((re) => re.test(line.trim()))) break;
    if (line.trimStart().startsWith('>')) continue;
    own.push(line);
  }
  return own.join('\n').trim();
}

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as rich text: a paragraph per blank-line block, line breaks kept. */
export function asRichText(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escape(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Writes `text` in the thread as the participant the address names; false when it names no one or they no longer take part. */
async function deliver(services: Services, address: string, text: string): Promise<boolean> {
  const to = await addressee(services.db, address);
  if (!to) return false;
  const user = await services.db.query<{ user_id: string }>(
    `SELECT a.user_id FROM accounts a JOIN items u ON u.id = a.user_id WHERE NOT a.blocked AND (u.data->'contact'->>'id') = $1 LIMIT 1`,
    [to.contactId],
  );
  const author = { userId: user.rows[0]?.user_id ?? null, masquerader: null };
  return services.db.transaction(async (tx) => {
    const thread = await lockThread(tx, to.threadId);
    if (!thread || !isParticipant(thread.data, to.contactId)) return false;
    await writeMessage(services, tx, author, thread, { authorRef: to.contactId, body: asRichText(text), attachments: [] });
    return true;
  });
}

/** Starts the listener when the site takes replies by mail; answers how to stop it. */
export async function startInboundMail(services: Services): Promise<() => Promise<void>> {
  const { inboundMailDomain: domain, inboundSmtpPort: port, inboundSmtpHost: host } = services.config;
  if (!domain || port === undefined) return async () => undefined;
  const suffix = `@${domain.toLowerCase()}`;
  // Loaded only where the site takes replies by mail.
  const [{ simpleParser }, { SMTPServer }] = await Promise.all([import('mailparser'), import('smtp-server')]);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      const wanted = address.address.toLowerCase();
      if (!wanted.endsWith(suffix)) return callback(refusal(550, 'No such recipient here'));
      addressee(services.db, wanted)
        .then((to) => callback(to ? null : refusal(550, 'No such conversation')))
        .catch(() => callback(refusal(451, 'Try again later')));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return callback(refusal(552, 'Message too large'));
          const text = replyText(mail.text ?? '');
          if (!text) return callback(refusal(550, 'The reply is empty'));
          let delivered = 0;
          for (const rcpt of session.envelope.rcptTo) if (await deliver(services, rcpt.address.toLowerCase(), text)) delivered += 1;
          callback(delivered > 0 ? null : refusal(550, 'No such conversation'));
        })
        .catch((e: unknown) => {
          console.error('Inbound mail failed:', e);
          callback(refusal(451, 'Try again later'));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host ?? '127.0.0.1', () => resolve());
  });
  inboundListener.address = server.server.address() as AddressInfo;
  return () =>
    new Promise<void>((resolve) => {
      inboundListener.address = null;
      server.close(() => resolve());
    });
}
