/**
 * The conversations module's server part: who reads and writes threads and messages, starting and
 * writing in a thread, the messages of one with the reader's unread marks, the reader's threads with
 * their unread counts, the rule that keeps a consultation INCOMPLETE while a thread about what it
 * lacks is open, the messages' copies of their thread kept in step, mail to the participants and the
 * listener that turns their replies by mail into messages.
 */
import type { Queryable } from '../../server/db/Database';
import type { ModuleServer } from '../../server/modules/ModuleServer';
import { OpError } from '../../server/OpError';
import { bindOperation } from '../../server/ops/bindOperation';
import { readableRecord } from '../../server/ops/itemOps';
import { signedInCaller } from '../../server/ops/signedInCaller';
import { canCreate, canRead, scopedReadPredicate } from '../../server/policy/policy';
import type { Principal } from '../../server/policy/Principal';
import type { ItemRecord } from '../../server/store/ItemRecord';
import { ITEMS_CHANNEL, type Author, type ChangeHook } from '../../server/store/ItemStore';
import { sanitizeRichText } from '../../shared/items/sanitizeRichText';
import type { ItemData } from '../../shared/items/types';
import { CONSULT_INCOMPLETE, isParticipant, relIds } from './conversationRules';
import { conversationDemo } from './demo';
import { startInboundMail } from './inboundMail';
import { messageMailJob } from './messageMail';
import { conversationMigrations } from './migrations';
import { conversationPermissions } from './conversationPermissions';
import { ThreadType } from './model';
import { conversationOperations, type ThreadMessage, type ThreadSummary } from './operations';
import { threadStepBehaviour } from './threadStep';
import { lockThread, markRead, writeMessage } from './threadStore';

const authorOf = (p: Principal): Author => ({ userId: p.userId, masquerader: p.masquerader });
const iso = (v: Date | string): string => new Date(v).toISOString();

/** Who may write in `thread`: its participants' users, whoever started it, and administrators. */
export const mayWrite = (caller: Principal, thread: ItemRecord): boolean =>
  caller.admin || thread.createdBy === caller.userId || isParticipant(thread.data, caller.contactId);

/**
 * A consultation cannot leave INCOMPLETE (but to be withdrawn) while a CONSULT_INCOMPLETE thread
 * about it is unresolved (spec 001 §4): the transition is refused and nothing of it is written.
 * A change hook, so the consultation module needs to know nothing of conversations.
 */
const keepIncomplete: ChangeHook = async (tx, change, record, _author, event) => {
  if (record.type !== 'Consultation' || change.kind !== 'updated') return;
  if (event.from !== 'INCOMPLETE' || !event.to || event.to === 'INCOMPLETE' || event.to === 'WITHDRAWN') return;
  const open = await tx.query(
    `SELECT 1 FROM items WHERE type = 'Thread' AND deleted_at IS NULL AND data->>'purpose' = $2
       AND (data->'context'->>'id') = $1 AND COALESCE(data->>'resolved', 'false') <> 'true' LIMIT 1`,
    [record.id, CONSULT_INCOMPLETE],
  );
  if (open.rowCount > 0)
    throw new OpError('transitionNotAllowed', `${record.id} has an open ${CONSULT_INCOMPLETE} conversation`, {
      state: 'errors.conversations.incompleteOpen',
    });
};

/** A thread whose participants changed has its messages' copies changed with it: the new participants read them all. */
const syncMessageCopies: ChangeHook = async (tx, change, record, _author, event) => {
  if (record.type !== 'Thread' || change.kind !== 'updated') return;
  if (!event.changed.includes('participants')) return;
  const participants = Array.isArray(record.data.participants) ? record.data.participants : [];
  await tx.query(
    `WITH changed AS (
       UPDATE items SET data = jsonb_set(data, '{participants}', $2::jsonb), u = u + 1
        WHERE type = 'Message' AND deleted_at IS NULL AND (data->'thread'->>'id') = $1 RETURNING id, u)
     SELECT id, pg_notify($3::text, json_build_object('id', id, 'u', u, 'kind', 'updated')::text) FROM changed`,
    [record.id, JSON.stringify(participants), ITEMS_CHANNEL],
  );
};

type MessageRow = { id: string; data: ItemData | string; created_at: Date | string; created_by: string | null };
const dataOf = (row: { data: ItemData | string }): ItemData =>
  typeof row.data === 'string' ? (JSON.parse(row.data) as ItemData) : row.data;

/** When `userId` last read `threadId` (null: never). */
async function readAt(db: Queryable, threadId: string, userId: string): Promise<string | null> {
  const res = await db.query<{ read_at: Date | string }>('SELECT read_at FROM conversation_reads WHERE thread_id = $1 AND user_id = $2', [
    threadId,
    userId,
  ]);
  return res.rows[0] ? iso(res.rows[0].read_at) : null;
}

export const conversationsServer: ModuleServer = {
  name: 'conversations',
  migrations: conversationMigrations,
  permissions: conversationPermissions,
  changeHooks: [keepIncomplete, syncMessageCopies],
  derived: [{ type: 'Thread', name: '$syncState', compute: () => 'LOCAL' }],
  jobs: [messageMailJob],
  demo: conversationDemo,
  start: startInboundMail,
  stepKinds: [threadStepBehaviour],
  ops: [
    bindOperation(conversationOperations.start, async (ctx, _p, body) => {
      const caller = signedInCaller(ctx);
      const { items, db } = ctx.services;
      const context = body.context ? await readableRecord(ctx, body.context) : null;
      const owner = body.owner ?? context?.ownerOrg ?? null;
      const wanted = [...new Set([...(caller.contactId ? [caller.contactId] : []), ...body.participants])];
      const people = await items.findMany(wanted);
      // Any person on record may be asked in (a proponent's staff the caller's rights do not reach): nothing of them is shown by it.
      if (people.length !== wanted.length || people.some((p) => p.type !== 'Contact' || p.deletedAt))
        throw new OpError('validationFailed', 'A participant is not a person on record', { participants: 'errors.invalidValue' });
      const data: ItemData = { subject: body.subject, participants: wanted.map((id) => ({ id })) };
      if (context) data.context = { id: context.id };
      if (body.purpose) data.purpose = body.purpose;
      if (owner) data.owner = { id: owner };
      if (!canCreate(caller, ThreadType, owner, data)) throw new OpError('notAllowed', 'Not allowed to start a conversation there');
      const author = authorOf(caller);
      return db.transaction(async (tx) => {
        // As the caller (the policy was asked above); the server's own part is the organisation, given once.
        const made = await items.create(author, 'Thread', data, { admin: true, tx });
        const thread = (await lockThread(tx, made.id))!;
        const message = await writeMessage(ctx.services, tx, author, thread, {
          authorRef: caller.contactId ?? caller.userId,
          body: body.body,
          attachments: body.attachments ?? [],
        });
        return { threadId: made.id, messageId: message.id };
      });
    }),
    bindOperation(conversationOperations.post, async (ctx, _p, body) => {
      const caller = signedInCaller(ctx);
      const readable = await readableRecord(ctx, body.threadId);
      if (!mayWrite(caller, readable))
        throw new OpError('notAllowed', `${caller.userId} does not take part in ${readable.id}`, {
          body: 'errors.conversations.notParticipant',
        });
      const author = authorOf(caller);
      return ctx.services.db.transaction(async (tx) => {
        const thread = await lockThread(tx, body.threadId);
        if (!thread) throw new OpError('itemDeleted', `${body.threadId} was deleted`);
        const message = await writeMessage(ctx.services, tx, author, thread, {
          authorRef: caller.contactId ?? caller.userId,
          body: body.body,
          attachments: body.attachments ?? [],
        });
        return { messageId: message.id };
      });
    }),
    bindOperation(conversationOperations.messages, async (ctx, _p, { threadId }) => {
      const caller = signedInCaller(ctx);
      const thread = await readableRecord(ctx, threadId);
      const { db, items } = ctx.services;
      const seen = await readAt(db, thread.id, caller.userId);
      const res = await db.query<MessageRow>(
        `SELECT id, data, created_at, created_by FROM items
          WHERE type = 'Message' AND deleted_at IS NULL AND (data->'thread'->>'id') = $1 ORDER BY idx LIMIT 2000`,
        [thread.id],
      );
      const rows = res.rows.map((r) => ({ ...r, data: dataOf(r) }));
      const named = await items.findMany([
        ...new Set([
          ...relIds(thread.data.participants),
          ...rows.flatMap((r) => [...relIds(r.data.author), ...relIds(r.data.attachments)]),
        ]),
      ]);
      // The thread's readers see who takes part in it by name (their records' other details stay theirs),
      // and a message's own files, read by whoever reads the message (as a file on an item is).
      const inThread = new Set(relIds(thread.data.participants));
      const shown = (n: ItemRecord): boolean => canRead(caller, n) || inThread.has(n.id) || n.type === 'User';
      const fileOf = (messageId: string, id: string): ItemRecord | undefined => {
        const file = named.find((n) => n.id === id && !n.deletedAt);
        return file && file.type === 'Attachment' && `${String(file.data.relType)}-${String(file.data.relIndex)}` === messageId
          ? file
          : undefined;
      };
      const readableIds = new Map(named.filter((n) => !n.deletedAt && shown(n)).map((n) => [n.id, n]));
      const messages: ThreadMessage[] = [];
      for (const r of rows) {
        const ts = iso(r.created_at);
        const authorId = relIds(r.data.author)[0];
        messages.push({
          id: r.id,
          author: (authorId && readableIds.get(authorId)?.label) || null,
          mine: r.created_by === caller.userId,
          body: sanitizeRichText(typeof r.data.body === 'string' ? r.data.body : ''),
          files: relIds(r.data.attachments)
            .map((id) => fileOf(r.id, id))
            .filter((a): a is ItemRecord => !!a)
            .map((a) => ({ id: a.id, name: a.label })),
          ts,
          unread: r.created_by !== caller.userId && (seen === null || ts > seen),
        });
      }
      const participants = relIds(thread.data.participants)
        .map((id) => readableIds.get(id)?.label)
        .filter((name): name is string => !!name);
      return { messages, participants };
    }),
    bindOperation(conversationOperations.markRead, async (ctx, _p, { threadId }) => {
      const caller = signedInCaller(ctx);
      const thread = await readableRecord(ctx, threadId);
      await markRead(ctx.services.db, thread.id, caller.userId);
      return { threadId: thread.id };
    }),
    bindOperation(conversationOperations.mine, async (ctx, _p, { resolved }) => {
      const caller = signedInCaller(ctx);
      const { db, items } = ctx.services;
      const params: unknown[] = [caller.userId, caller.contactId ?? ''];
      const readable = scopedReadPredicate(caller, params, ['Thread']);
      const res = await db.query<{
        id: string;
        data: ItemData | string;
        label: string;
        created_at: Date | string;
        unread: string | number;
      }>(
        `SELECT i.id, i.data, i.label, i.created_at,
            (SELECT count(*) FROM items m WHERE m.type = 'Message' AND m.deleted_at IS NULL AND (m.data->'thread'->>'id') = i.id
               AND m.created_at > COALESCE(r.read_at, '-infinity'::timestamptz) AND m.created_by IS DISTINCT FROM $1) AS unread
           FROM items i LEFT JOIN conversation_reads r ON r.thread_id = i.id AND r.user_id = $1
          WHERE i.type = 'Thread' AND i.deleted_at IS NULL
            AND (i.created_by = $1 OR i.data->'participants' @> jsonb_build_array(jsonb_build_object('id', $2::text)))
            ${resolved ? '' : `AND COALESCE(i.data->>'resolved', 'false') <> 'true'`}
            AND ${readable}
          ORDER BY COALESCE(i.data->>'$sortTS', '') DESC, i.idx DESC LIMIT 500`,
        params,
      );
      const rows = res.rows.map((r) => ({ ...r, data: dataOf(r) }));
      const contexts = await items.findMany([...new Set(rows.flatMap((r) => relIds(r.data.context)))]);
      const contextLabel = new Map(contexts.filter((c) => !c.deletedAt && canRead(caller, c)).map((c) => [c.id, c.label]));
      const threads: ThreadSummary[] = rows.map((r) => ({
        id: r.id,
        subject: r.label,
        resolved: r.data.resolved === true,
        purpose: typeof r.data.purpose === 'string' ? r.data.purpose : null,
        context: contextLabel.get(relIds(r.data.context)[0] ?? '') ?? null,
        lastTs: typeof r.data.$sortTS === 'string' ? r.data.$sortTS : iso(r.created_at),
        unread: Number(r.unread),
      }));
      return { threads, unread: threads.reduce((n, t) => n + t.unread, 0) };
    }),
  ],
};
