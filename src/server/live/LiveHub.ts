import { Push, CloseCode, type Frame } from '../../shared/protocol';
import type { Item } from '../../shared/items/types';
import { SESSIONS_CHANNEL, type Revocation } from '../accounts/TokenService';
import type { Database, Queryable } from '../db/Database';
import type { LiveConnection } from './LiveConnection';
import { canRead } from '../policy/policy';
import { ITEMS_CHANNEL, type ItemChange, type ItemStore } from '../store/ItemStore';
import { activeSystemAlerts, sysAlertsFor } from './systemAlerts';
import { connectionOfOrigin } from './changeOrigin';

/** Channel on which frames for one user's sockets travel to every server process. */
export const USER_PUSH_CHANNEL = 'kk_user_push';

/** Channel on which frames for every open socket travel to every server process. */
export const BROADCAST_CHANNEL = 'kk_broadcast';

/** NOTIFY payloads must stay under 8000 bytes; a push frame must fit with room to spare. */
const MAX_PUSH_BYTES = 7000;

/** Whether `frame` is small enough to travel to every process by `broadcastEverywhere`. */
export const pushFits = (frame: Frame): boolean => Buffer.byteLength(JSON.stringify(frame)) <= MAX_PUSH_BYTES;

function matches(item: Item, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([k, v]) => {
    const actual = item[k];
    if (actual && typeof actual === 'object' && 'id' in actual) return (actual as { id: unknown }).id === v;
    return actual === v || (v === null && actual === undefined);
  });
}

/**
 * The sockets of this server process and what they watch. Every process listens to the item and
 * session channels, so a change committed through any process reaches every watcher, and a
 * sign-out or block closes every socket of that token or user.
 */
export class LiveHub {
  private readonly connections = new Set<LiveConnection>();
  private readonly itemWatchers = new Map<string, Set<LiveConnection>>();
  private readonly typeWatchers = new Map<string, Set<LiveConnection>>();
  private queue: Promise<void> = Promise.resolve();
  private readonly unlisten: (() => Promise<void>)[] = [];

  constructor(
    private readonly db: Database,
    private readonly items: ItemStore,
  ) {}

  /** Starts listening to the channels. */
  async start(): Promise<void> {
    this.unlisten.push(
      await this.db.listen(ITEMS_CHANNEL, (payload) => {
        // One change at a time, so pushes for one item never overtake each other.
        this.queue = this.queue
          .then(() => this.onItemChange(JSON.parse(payload) as ItemChange))
          .catch((e) => console.error('Pushing an item change failed:', e));
      }),
    );
    this.unlisten.push(await this.db.listen(SESSIONS_CHANNEL, (payload) => this.onRevocation(JSON.parse(payload) as Revocation)));
    this.unlisten.push(
      await this.db.listen(USER_PUSH_CHANNEL, (payload) => {
        const { userId, frame } = JSON.parse(payload) as { userId: string; frame: Frame };
        for (const conn of this.connections) if (conn.caller?.userId === userId) conn.send(frame);
      }),
    );
    this.unlisten.push(await this.db.listen(BROADCAST_CHANNEL, (payload) => this.broadcast(JSON.parse(payload) as Frame)));
    // Pushes, revocations and watches' changes announced while PostgreSQL was out of reach were missed:
    // every socket is asked to connect again, which signs it in again (a revoked token is refused) and
    // makes its screens watch and load again (a client reloads after a reconnection).
    const stopGaps = this.db.onListenGap(() => {
      for (const conn of [...this.connections]) conn.close(CloseCode.serviceRestart, 'databaseReconnected');
    });
    this.unlisten.push(async () => stopGaps());
  }

  /**
   * Pushes `frame` to every open socket of `userId`, on every server process; inside `tx` it is
   * sent only if that transaction commits. Frames must be small (ids and counters, not documents).
   */
  async pushToUser(userId: string, frame: Frame, tx: Queryable = this.db): Promise<void> {
    const payload = JSON.stringify({ userId, frame });
    if (Buffer.byteLength(payload) > MAX_PUSH_BYTES) throw new Error(`Push ${frame.o} is too large for a notification`);
    await tx.query('SELECT pg_notify($1, $2)', [USER_PUSH_CHANNEL, payload]);
  }

  /**
   * Pushes `frame` to every signed-in socket on every server process; inside `tx` it is
   * sent only if that transaction commits. Frames must be small, as for `pushToUser`.
   */
  async broadcastEverywhere(frame: Frame, tx: Queryable = this.db): Promise<void> {
    if (!pushFits(frame)) throw new Error(`Push ${frame.o} is too large for a notification`);
    await tx.query('SELECT pg_notify($1, $2)', [BROADCAST_CHANNEL, JSON.stringify(frame)]);
  }

  /** Sends `frame` to every signed-in socket of this process (each process sends to its own). */
  broadcast(frame: Frame): void {
    for (const conn of this.connections) conn.send(frame);
  }

  /** Stops listening and closes every socket (graceful shutdown). */
  async stop(): Promise<void> {
    for (const u of this.unlisten.splice(0)) await u().catch(() => undefined);
    await this.queue;
    for (const conn of [...this.connections]) conn.close(1001, 'serverShutdown');
  }

  /** Number of open sockets on this process. */
  get size(): number {
    return this.connections.size;
  }

  add(conn: LiveConnection): void {
    this.connections.add(conn);
  }

  /** Forgets a closed socket and all its watches. */
  remove(conn: LiveConnection): void {
    this.connections.delete(conn);
    for (const id of conn.itemWatches ?? []) this.itemWatchers.get(id)?.delete(conn);
    for (const { type } of conn.typeWatches?.values() ?? []) this.typeWatchers.get(type)?.delete(conn);
    conn.itemWatches = null;
    conn.typeWatches = null;
  }

  watchItem(conn: LiveConnection, id: string): void {
    (conn.itemWatches ??= new Set()).add(id);
    const set = this.itemWatchers.get(id) ?? new Set();
    set.add(conn);
    this.itemWatchers.set(id, set);
  }

  unwatchItem(conn: LiveConnection, id: string): void {
    conn.itemWatches?.delete(id);
    const set = this.itemWatchers.get(id);
    set?.delete(conn);
    if (set?.size === 0) this.itemWatchers.delete(id);
  }

  watchType(conn: LiveConnection, count: number, type: string, filter: Record<string, unknown>): void {
    (conn.typeWatches ??= new Map()).set(count, { type, filter });
    const set = this.typeWatchers.get(type) ?? new Set();
    set.add(conn);
    this.typeWatchers.set(type, set);
  }

  /** Removes type watch `count`; answers whether it existed. */
  unwatchType(conn: LiveConnection, count: number, type: string): boolean {
    const watch = conn.typeWatches?.get(count);
    if (!conn.typeWatches || !watch || watch.type !== type) return false;
    conn.typeWatches.delete(count);
    if (![...conn.typeWatches.values()].some((w) => w.type === type)) this.typeWatchers.get(type)?.delete(conn);
    return true;
  }

  /** Sends every open socket the active system alerts its user may read. */
  private async broadcastSystemAlerts(): Promise<void> {
    const alerts = await activeSystemAlerts(this.db, this.items);
    for (const conn of this.connections) conn.send({ o: Push.sysAlerts, b: sysAlertsFor(conn.caller, alerts) });
  }

  private async onItemChange(change: ItemChange): Promise<void> {
    const type = change.id.split('-')[0]!;
    if (type === 'SystemAlert') await this.broadcastSystemAlerts();
    const byItem = this.itemWatchers.get(change.id);
    const byType = this.typeWatchers.get(type);
    if (!byItem?.size && !byType?.size) return;
    const record = await this.items.find(change.id);
    if (!record) return;
    // Presentation depends on who reads (labels of related items), so present once per user, and
    // write its frame once: a push to a thousand sockets of fifty people is fifty presentations and
    // fifty JSON texts, not a thousand.
    const presented = new Map<string, { item: Item; text: string }>();
    const present = async (conn: LiveConnection): Promise<{ item: Item; text: string }> => {
      const key = conn.caller ? `${conn.caller.userId}:${conn.caller.admin}` : '';
      const known = presented.get(key);
      if (known) return known;
      const item = await this.items.present(conn.caller, record);
      const made = { item, text: JSON.stringify({ o: Push.itemUpdate, b: item }) };
      presented.set(key, made);
      return made;
    };
    const ownSocket = connectionOfOrigin(change.origin);
    const targets = new Set<LiveConnection>();
    for (const conn of byItem ?? []) targets.add(conn);
    for (const conn of byType ?? []) targets.add(conn);
    for (const conn of targets) {
      if (!this.connections.has(conn) || !canRead(conn.caller, record)) continue;
      const key = conn.caller ? `${conn.caller.userId}:${conn.caller.admin}` : '';
      const { item, text } = presented.get(key) ?? (await present(conn));
      const wanted =
        conn.itemWatches?.has(change.id) || [...(conn.typeWatches?.values() ?? [])].some((w) => w.type === type && matches(item, w.filter));
      if (!wanted) continue;
      // The socket whose request made the change learns it is its own.
      if (conn.id === ownSocket) conn.send({ o: Push.itemUpdate, b: item, own: true });
      else conn.sendText(text);
    }
  }

  private onRevocation(rev: Revocation): void {
    for (const conn of [...this.connections]) {
      const caller = conn.caller;
      if (!caller) continue;
      const hash = caller.tokenHash;
      const named = hash !== null && (rev.tokenHash === hash || rev.tokenHashes?.includes(hash) === true);
      if (named || (rev.userId && caller.userId === rev.userId)) {
        if (rev.reason === 'refresh') void conn.refreshCaller().catch((e) => console.error('Reloading a caller failed:', e));
        else conn.close(CloseCode.auth, rev.reason);
      }
    }
  }
}
