/**
 * What writing in a thread does, in one transaction, whoever writes (the app, a reply by mail): the
 * message with the thread's copies, the thread's last-message time, the writer's read mark and the
 * mail to the other participants (a job, sent after the commit).
 */
import { randomBytes } from 'node:crypto';
import { OpError } from '../../server/OpError';
import type { Queryable } from '../../server/db/Database';
import type { Services } from '../../server/services';
import { ITEM_COLUMNS, toRecord, type ItemRecord, type ItemRow } from '../../server/store/ItemRecord';
import { type Author } from '../../server/store/ItemStore';
import { rewriteAsSystem } from '../../server/store/systemRewrite';
import type { ItemData } from '../../shared/items/types';
import { CONSULT_RESPONSE } from './conversationRules';

/** The one-off job that mails one message to the other participants (keyed by the message's id). */
export const MESSAGE_MAIL_JOB = 'conversations.messageMail';

/** A message to write. */
export interface NewMessage {
  /** The writer's person record (Contact), or their User item when they have none. */
  authorRef: string | null;
  body: string;
  attachments: ReadonlyArray<{ id: string }>;
}

/** The thread `id`, locked for the writing transaction (null when missing or deleted). */
export async function lockThread(tx: Queryable, id: string): Promise<ItemRecord | null> {
  const res = await tx.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM items i WHERE i.id = $1 AND i.type = 'Thread' AND i.deleted_at IS NULL FOR UPDATE`,
    [id],
  );
  return res.rows[0] ? toRecord(res.rows[0]) : null;
}

/** Whether rich text holds nothing a reader would see (no words, no picture). */
const blank = (html: string): boolean => !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';

/** How many messages the thread holds. */
async function messageCount(tx: Queryable, threadId: string): Promise<number> {
  const res = await tx.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM items WHERE type = 'Message' AND deleted_at IS NULL AND (data->'thread'->>'id') = $1`,
    [threadId],
  );
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * Writes `message` in `thread` (locked by the caller's transaction), after the rules every message
 * obeys: not empty, and a CONSULT_RESPONSE thread's first message carries a file. Answers the message.
 */
export async function writeMessage(
  services: Services,
  tx: Queryable,
  author: Author,
  thread: ItemRecord,
  message: NewMessage,
): Promise<ItemRecord> {
  if (blank(message.body) && message.attachments.length === 0)
    throw new OpError('validationFailed', 'An empty message', { body: 'errors.conversations.emptyMessage' });
  if (thread.data.purpose === CONSULT_RESPONSE && message.attachments.length === 0 && (await messageCount(tx, thread.id)) === 0)
    throw new OpError('validationFailed', `${thread.id} is a response: its first message needs a file`, {
      attachments: 'errors.conversations.responseNeedsFile',
    });
  const data: ItemData = {
    thread: { id: thread.id },
    body: message.body,
    $access: thread.access,
  };
  if (message.authorRef) data.author = { id: message.authorRef };
  if (message.attachments.length > 0) data.attachments = message.attachments.map((a) => ({ id: a.id }));
  if (Array.isArray(thread.data.participants) && thread.data.participants.length > 0) data.participants = thread.data.participants;
  if (thread.ownerOrg) data.owner = { id: thread.ownerOrg };
  if (thread.createdBy) data.threadBy = thread.createdBy;
  const made = await services.items.create(author, 'Message', data, { admin: true, tx });
  await stampLastMessage(services, tx, thread, made.createdAt);
  if (author.userId) await markRead(tx, thread.id, author.userId);
  await services.jobs.schedule({ kind: MESSAGE_MAIL_JOB, key: made.id }, tx);
  return made;
}

/**
 * Sets the thread's `$sortTS` to its last message's time, as the system and without the change
 * hooks (no one is notified of it: the message's own mail tells the participants), announced on the
 * items channel so caches drop the old copy and watchers are pushed the new one.
 */
export async function stampLastMessage(services: Services, tx: Queryable, thread: ItemRecord, ts: string): Promise<void> {
  const set = { sql: `data = data || jsonb_build_object('$sortTS', $1::text)`, params: [ts] };
  await rewriteAsSystem(tx, services.items, thread, set, ['$sortTS'], ts);
}

/** Marks `threadId` read by `userId` up to its last message (or now, when it has none). */
export async function markRead(db: Queryable, threadId: string, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO conversation_reads (thread_id, user_id, read_at)
       SELECT $1, $2, COALESCE((SELECT max(created_at) FROM items WHERE type = 'Message' AND (data->'thread'->>'id') = $1), now())
     ON CONFLICT (thread_id, user_id) DO UPDATE SET read_at = GREATEST(conversation_reads.read_at, EXCLUDED.read_at)`,
    [threadId, userId],
  );
}

/**
 * The address a participant's reply by mail goes to, `thread-<n>-<token>@<domain>`: the token is
 * theirs alone for this thread (made once, 128 random bits), so only they can write through it.
 */
export async function replyAddress(db: Queryable, domain: string, threadId: string, contactId: string): Promise<string> {
  const token = randomBytes(16).toString('hex');
  await db.query(
    `INSERT INTO conversation_mail_tokens (token, thread_id, contact_id) VALUES ($1, $2, $3) ON CONFLICT (thread_id, contact_id) DO NOTHING`,
    [token, threadId, contactId],
  );
  const res = await db.query<{ token: string }>('SELECT token FROM conversation_mail_tokens WHERE thread_id = $1 AND contact_id = $2', [
    threadId,
    contactId,
  ]);
  const idx = threadId.slice('Thread-'.length);
  return `thread-${idx}-${res.rows[0]!.token}@${domain}`;
}

/** The thread and participant a reply address names, when its token is theirs; null otherwise. */
export async function addressee(db: Queryable, address: string): Promise<{ threadId: string; contactId: string } | null> {
  const m = /^thread-(\d+)-([0-9a-f]{32})@/i.exec(address.trim());
  if (!m) return null;
  const res = await db.query<{ contact_id: string }>(
    'SELECT contact_id FROM conversation_mail_tokens WHERE token = $1 AND thread_id = $2',
    [m[2]!.toLowerCase(), `Thread-${m[1]}`],
  );
  return res.rows[0] ? { threadId: `Thread-${m[1]}`, contactId: res.rows[0].contact_id } : null;
}
