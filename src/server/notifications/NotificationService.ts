import { Push } from '../../shared/protocol';
import { NOTIFY_PREFERENCES, type NotifyPreference } from '../../shared/items/types';
import type { AccountService } from '../accounts/AccountService';
import type { Database, Queryable } from '../db/Database';
import type { LiveHub } from '../live/LiveHub';
import { OpError } from '../OpError';
import { canRead } from '../policy/policy';
import type { ItemRecord } from '../store/ItemRecord';
import type { RecordedEvent } from '../store/eventRecorder';
import type { Author, ChangeHook, ChangeHookRun, ItemChange, ItemStore } from '../store/ItemStore';
import { NEW_ITEM_WATCHERS_SQL, WATCHERS_SQL } from './watchers';

/** A user to tell of an event, and how they get mail. */
interface Watcher {
  user_id: string;
  frequency: string | null;
}

/** Body of the `item/notify` push. */
export interface NotifyPush {
  index: number;
  context: string;
  /** The event's kind (`updated`, `state.entry.submit`, a module's own...). */
  kind: string;
  /** The event's id (a timeline entry), so a client may say it as the timeline does. */
  event: number;
  unread: true;
}

/** The hour (UTC) at which digest mail is sent. */
const DIGEST_HOUR_UTC = 7;

function nextDigest(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (d <= now) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/**
 * Decides who is told about each event of an item (a change, a transition, a module's domain event),
 * in its own transaction, by each user's `$notify` preference on the item (./watchers.ts: ALWAYS,
 * PREFS unless their profile says NONE, DEFAULT or none when they created it, never NEVER) — never
 * the author of the event, and never someone who may not read the item after it. Each gets a Notify
 * item naming the event, the `item/notify` push on their open sockets, and mail as their
 * notifyFrequency says.
 */
export class NotificationService {
  constructor(
    private readonly db: Database,
    private readonly items: ItemStore,
    private readonly accounts: AccountService,
    private readonly live: LiveHub,
  ) {
    // Events a module appends without a change reach the same watchers; changes come through onChange.
    items.addEventHook((tx, event, record, author) => this.notify(tx, event, record, author));
    this.onChange.created = this.onCreated;
    // An update's watchers are asked in the update's own statement (ItemStore: ChangeHook.updated).
    this.onChange.updated = (record, author) =>
      record.type === 'Notify'
        ? null
        : {
            sql: WATCHERS_SQL,
            params: [record.id, author.userId, record.createdBy],
            run: (rows) => async (tx, _change, updated, _author, event) => this.tell(tx, event, updated, rows as Watcher[]),
          };
  }

  /** The change hook the item store runs inside each change's transaction, with the change's event. */
  readonly onChange: ChangeHook = async (
    tx: Queryable,
    change: ItemChange,
    record: ItemRecord,
    author: Author,
    event: RecordedEvent,
  ): Promise<void> => {
    if (change.kind === 'granted' || change.kind === 'revoked') return;
    await this.notify(tx, event, record, author);
  };

  /**
   * For items created together: their watchers found in one query. The creator is the author, whom
   * the default never tells, so only an ALWAYS or PREFS preference on a new id can name anyone
   * (NEW_ITEM_WATCHERS_SQL); each item is then told as `onChange` would.
   */
  private readonly onCreated = async (tx: Queryable, records: readonly ItemRecord[], author: Author): Promise<ChangeHookRun> => {
    const ids = records.filter((r) => r.type !== 'Notify' && r.createdBy === author.userId).map((r) => r.id);
    const found = ids.length ? await tx.query<Watcher & { item_id: string }>(NEW_ITEM_WATCHERS_SQL, [ids, author.userId]) : { rows: [] };
    const byItem = new Map<string, Watcher[]>(ids.map((id) => [id, []]));
    for (const row of found.rows) byItem.get(row.item_id)?.push(row);
    return async (hookTx, change, record, hookAuthor, event) => {
      const watchers = byItem.get(record.id);
      if (watchers && hookAuthor === author && change.kind === 'created') await this.tell(hookTx, event, record, watchers);
      else await this.onChange(hookTx, change, record, hookAuthor, event);
    };
  };

  /** Tells the watchers of `record` about `event`. */
  private async notify(tx: Queryable, event: RecordedEvent, record: ItemRecord, author: Author): Promise<void> {
    if (record.type === 'Notify') return;
    const candidates = await tx.query<Watcher>(WATCHERS_SQL, [record.id, author.userId, record.createdBy]);
    await this.tell(tx, event, record, candidates.rows);
  }

  /** Tells `candidates` who may read `record` about `event`. */
  private async tell(tx: Queryable, event: RecordedEvent, record: ItemRecord, candidates: readonly Watcher[]): Promise<void> {
    for (const { user_id: userId, frequency } of candidates) {
      const who = await this.accounts.principal(userId, null, null, tx);
      if (!who || !canRead(who, record)) continue;
      const notify = await this.items.create(
        // Created in the recipient's name: only they read it (Notify items are PRIVATE).
        { userId, masquerader: null },
        'Notify',
        { $kind: event.kind, $context: { id: record.id }, event: event.id, unread: true },
        { admin: true, tx },
      );
      const push: NotifyPush = { index: notify.idx, context: record.id, kind: event.kind, event: event.id, unread: true };
      await this.live.pushToUser(userId, { o: Push.itemNotify, b: push }, tx);
      if (frequency !== 'NONE') {
        const due = frequency === 'DIGEST' ? nextDigest(new Date()) : new Date();
        await tx.query('INSERT INTO notify_mail (notify_id, user_id, due_at) VALUES ($1, $2, $3)', [notify.id, userId, due.toISOString()]);
      }
    }
  }

  /** The caller's preference on an item (NIL when none is set). */
  async preference(userId: string, itemId: string): Promise<NotifyPreference> {
    const res = await this.db.query<{ pref: NotifyPreference }>('SELECT pref FROM notify_prefs WHERE user_id = $1 AND item_id = $2', [
      userId,
      itemId,
    ]);
    return res.rows[0]?.pref ?? 'NIL';
  }

  /** Sets (or with NIL, clears) a user's preference on an item. */
  async setPreference(userId: string, itemId: string, pref: string): Promise<void> {
    if (!(NOTIFY_PREFERENCES as readonly string[]).includes(pref)) throw new OpError('parseRequestFailed', `Unknown preference ${pref}`);
    if (pref === 'NIL') {
      await this.db.query('DELETE FROM notify_prefs WHERE user_id = $1 AND item_id = $2', [userId, itemId]);
      return;
    }
    await this.db.query(
      `INSERT INTO notify_prefs (user_id, item_id, pref) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, item_id) DO UPDATE SET pref = EXCLUDED.pref`,
      [userId, itemId, pref],
    );
  }

  /** The user's unread notifications as (index, context id) pairs, newest first. */
  async notifyPairs(userId: string): Promise<[number, string][]> {
    const res = await this.db.query<{ idx: number; context: string }>(
      `SELECT i.idx, i.data->'$context'->>'id' AS context FROM items i
       WHERE i.type = 'Notify' AND i.created_by = $1 AND i.deleted_at IS NULL AND (i.data->>'unread')::boolean
       ORDER BY i.idx DESC LIMIT 1000`,
      [userId],
    );
    return res.rows.map((r) => [r.idx, r.context]);
  }

  /** Marks the user's notifications `indexes` read (or unread again). */
  async mark(userId: string, indexes: readonly number[], asUnread: boolean): Promise<void> {
    const records = await this.items.findMany(indexes.map((i) => `Notify-${i}`));
    for (const record of records) {
      if (record.createdBy !== userId) throw new OpError('notAllowed', `Notify-${record.idx} is not yours`);
      if ((record.data.unread === true) === asUnread) continue;
      await this.items.update({ userId, masquerader: null }, { $id: record.id, _u: record.u, unread: asUnread }, () => undefined, {
        admin: true,
      });
    }
  }

  /** The user's notifications: those of `indexes`, or the newest `max`. */
  async fetch(userId: string, indexes: readonly number[] | undefined, max: number): Promise<ItemRecord[]> {
    const ids = indexes
      ? indexes.map((i) => `Notify-${i}`)
      : (
          await this.db.query<{ id: string }>(
            `SELECT i.id FROM items i WHERE i.type = 'Notify' AND i.created_by = $1 AND i.deleted_at IS NULL ORDER BY i.idx DESC LIMIT $2`,
            [userId, max],
          )
        ).rows.map((r) => r.id);
    const records = await this.items.findMany(ids);
    return records.filter((r) => r.createdBy === userId).sort((a, b) => b.idx - a.idx);
  }
}
