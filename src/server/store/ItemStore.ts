import { LRUCache } from 'lru-cache';
import { changeOrigin } from '../live/changeOrigin';
import { makeId, parseId, InvalidIdError } from '../../shared/ids';
import { declaresProperty, unknownProperties, validateItemData, type FieldErrors } from '../../shared/items/itemSchema';
import { sanitizeRichText } from '../../shared/items/sanitizeRichText';
import { itemStateCharts } from '../../shared/itemStateCharts';
import { applyTransition, initialStateOf, STATE_BY_TRANSITION, type StateCaller, type StateChartDef } from '../../shared/items/stateCharts';
import type { ItemRegistryLike } from './relations';
import { relatedIds } from './relations';
import type { CreationInfo, Item, ItemData, ItemTypeDef, Visibility } from '../../shared/items/types';
import type { Database, Queryable } from '../db/Database';
import { OpError } from '../OpError';
import { canRead, readPredicate } from '../policy/policy';
import type { Caller } from '../policy/Principal';
import { checkDerivedFields, type DerivedField } from './DerivedField';
import { checkDomainEvent, eventRecorder, type DomainEventInput, type RecordedEvent, type Statement } from './eventRecorder';
import { buildEventKinds } from '../../shared/eventKinds';
import type { RegisteredEventKind } from '../../shared/events/eventKindTable';
import { transitionKind } from '../../shared/events/EventKindDef';
import { ITEM_COLUMNS, toRecord, type Grant, type ItemRecord, type ItemRow } from './ItemRecord';

/** Channel on which every committed item change is announced. */
export const ITEMS_CHANNEL = 'kk_items';

/** Payload of an item change notification: ids and counters, never whole items. */
export interface ItemChange {
  id: string;
  u: number;
  kind: 'created' | 'updated' | 'deleted' | 'granted' | 'revoked';
  /** The socket whose request made it (live/changeOrigin.ts), so its push there is marked `own`. */
  origin?: string;
}

/** The change as its notification says it: with the socket it came from, when a socket's request made it. */
function withOrigin(change: ItemChange): ItemChange {
  const origin = changeOrigin();
  return origin ? Object.assign({}, change, { origin }) : change;
}

/** Who makes a change: a user (possibly masqueraded by an administrator) or the system (null). */
export interface Author {
  userId: string | null;
  masquerader: string | null;
}

/** One run of a change hook for one change. */
/**
 * What a hook may tell the store whose change runs it: that it changed another item itself, inside the
 * transaction (after writing it and announcing it on ITEMS_CHANNEL), so a read in this process just after
 * the change never answers the older copy it may hold (the notification arrives later, from the database).
 */
export interface HookStore {
  noteChange(change: ItemChange): void;
}

export type ChangeHookRun = (
  tx: Queryable,
  change: ItemChange,
  record: ItemRecord,
  author: Author,
  event: RecordedEvent,
  store?: HookStore,
) => Promise<void>;

/** Runs inside the transaction of every create, update and delete, after the change and its event are written. */
export interface ChangeHook extends ChangeHookRun {
  /**
   * Optional, for items created together (`ItemStore.createMany`): runs once, after all of them are
   * written, and answers the hook to run for each of them in its place, which must do for each
   * exactly what this hook would (a query made once for all of them instead of once each).
   */
  created?: (tx: Queryable, records: readonly ItemRecord[], author: Author) => Promise<ChangeHookRun>;
  /**
   * Optional, for an update (`ItemStore.update`): a SELECT (parameters `$1`…) the hook needs, asked
   * in the same statement as the change and its event, on the snapshot before the change, and the hook
   * to run in its place given its rows, which must do exactly what this hook would (one round trip to
   * the database fewer per update). Null when the hook has nothing to ask of this record.
   */
  updated?: (record: ItemRecord, author: Author) => HookRead | null;
}

/**
 * What a change hook asks in the change's own statement, and the hook to run with its answer. The
 * statement's plan is reused (QueryOptions.reusePlan): the read finds its rows by key, as the change
 * does, so one plan suits every run.
 */
export interface HookRead extends Statement {
  run: (rows: unknown[]) => ChangeHookRun;
}

/** Runs inside the transaction of an event a module appends without changing the item (`ItemStore.appendEvent`). */
export type EventHook = (tx: Queryable, event: RecordedEvent, record: ItemRecord, author: Author) => Promise<void>;

/** What a validator is given: the item's type, its properties after the change, and what changed. */
export interface ValidationInput {
  type: ItemTypeDef;
  data: ItemData;
  ownerOrg: string | null;
  /** The properties the change touches; null for a new item (all of them). */
  changed: Set<string> | null;
}

/** A check that needs the database (lists of values, related items); answers failures by property. */
export type ItemValidator = (tx: Queryable, input: ValidationInput) => Promise<FieldErrors>;

/** How many items each server process keeps in memory. */
const ITEM_CACHE_SIZE = 20_000;

/** Checks a stored item before it is changed; throws an OpError to refuse. */
export type Authorize = (record: ItemRecord) => void;

/** Whether `authorize` accepts `record` (its refusal is answered by whoever reads the row itself). */
function allows(authorize: Authorize, record: ItemRecord): boolean {
  try {
    authorize(record);
    return true;
  } catch (e) {
    if (e instanceof OpError) return false;
    throw e;
  }
}

/**
 * The body's properties that `type` declares. Any other key is left out (and refused by `validate`),
 * so an undeclared key is never copied: `out[k] = v` with `__proto__` would set the prototype, and
 * the owner hidden there would pass every own-property check (issue 19, finding 2). Rich text (HTM)
 * is reduced to the allow-list here, so nothing else is ever stored. Derived properties are dropped
 * without a word: a client sends back the item it was given, and the server computes them anew.
 */
function storedProps(body: ItemData, type: ItemTypeDef, derived: ReadonlySet<string>): ItemData {
  const out: ItemData = {};
  for (const [k, v] of Object.entries(body)) {
    if (!declaresProperty(type, k) || derived.has(k)) continue;
    out[k] = type.properties[k]!.kind === 'HTM' && typeof v === 'string' ? sanitizeRichText(v) : v;
  }
  return out;
}

/** The owning organisation an item's own `owner` names (never an inherited one). */
function ownerOrgOf(data: ItemData): string | null {
  const owner = Object.hasOwn(data, 'owner') ? data.owner : undefined;
  if (typeof owner !== 'object' || owner === null || !Object.hasOwn(owner, 'id')) return null;
  const id = (owner as { id: unknown }).id;
  return typeof id === 'string' && id.startsWith('Organization-') ? id : null;
}

/**
 * Keeps items: ids and per-type indexes, optimistic concurrency on `_u`, an Event for every change
 * in the same transaction, labels, soft delete, and a notification of every commit.
 *
 * Reads are served from an in-process cache kept coherent by the same notifications: each change
 * raises the item's `_u` floor, and a record below its floor is neither served nor cached, so a
 * read that raced a newer commit can never leave a stale copy behind. Writes always lock and read
 * the row in the database.
 */
export class ItemStore {
  private readonly cache = new LRUCache<string, ItemRecord>({ max: ITEM_CACHE_SIZE });
  private readonly floors = new LRUCache<string, number>({ max: ITEM_CACHE_SIZE * 4 });
  private readonly hooks: ChangeHook[] = [];
  private readonly eventHooks: EventHook[] = [];
  private readonly validators: ItemValidator[] = [];
  private readonly derived = new Map<string, DerivedField[]>();
  private readonly changeCache = new LRUCache<string, CreationInfo>({ max: ITEM_CACHE_SIZE });

  constructor(
    private readonly db: Database,
    private readonly types: ItemRegistryLike,
    private readonly now: () => Date = () => new Date(),
    /** The state charts by type (asked for here, so a faulty one stops the server at start). */
    private readonly charts: ReadonlyMap<string, StateChartDef> = itemStateCharts(),
    /** The registered event kinds (built here, so a kind registered twice stops the server at start). */
    private readonly eventKinds: ReadonlyMap<string, RegisteredEventKind> = buildEventKinds(),
  ) {}

  /** Adds a check run inside the transaction of every create and update. */
  addValidator(validator: ItemValidator): void {
    this.validators.push(validator);
  }

  private async runValidators(tx: Queryable, input: ValidationInput): Promise<void> {
    const fields: FieldErrors = {};
    for (const v of this.validators) Object.assign(fields, await v(tx, input));
    if (Object.keys(fields).length > 0) {
      throw new OpError('validationFailed', `Invalid ${input.type.name}: ${Object.keys(fields).join(', ')}`, fields);
    }
  }

  /** Adds a property computed whenever an item of its type is presented; throws if its type does not declare it as the server's. */
  addDerivedField(field: DerivedField): void {
    const own = this.derived.get(field.type) ?? [];
    checkDerivedFields([...own, field], this.types);
    this.derived.set(field.type, [...own, field]);
  }

  private derivedNames(type: string): ReadonlySet<string> {
    return new Set((this.derived.get(type) ?? []).map((f) => f.name));
  }

  /** Adds work that must commit with every change (notifications). */
  addChangeHook(hook: ChangeHook): void {
    this.hooks.push(hook);
  }

  private async runHooks(tx: Queryable, change: ItemChange, record: ItemRecord, author: Author, event: RecordedEvent): Promise<void> {
    for (const hook of this.hooks) await hook(tx, change, record, author, event, this);
  }

  /** Adds work that must commit with every event a module appends (notifications); changes run the change hooks instead. */
  addEventHook(hook: EventHook): void {
    this.eventHooks.push(hook);
  }

  /**
   * Appends a domain event of a registered kind about `input.context` without changing it (a module's
   * "reminder sent", "step assigned"...), in `tx`: the event hooks run, so its watchers are told.
   * An unregistered kind is a programming error and throws.
   */
  async appendEvent(tx: Queryable, author: Author, input: DomainEventInput): Promise<RecordedEvent> {
    checkDomainEvent(this.eventKinds, input);
    const found = await tx.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items i WHERE i.id = $1`, [input.context]);
    if (found.rowCount === 0) throw new OpError('notFound', `${input.context} not found`);
    const record = toRecord(found.rows[0]!);
    const event = await eventRecorder.insert(tx, Object.assign({}, input, { u: record.u }), author, this.now().toISOString());
    for (const hook of this.eventHooks) await hook(tx, event, record, author);
    return event;
  }

  /**
   * Follows the changes committed by every process; answers the function that stops following.
   * Changes announced while PostgreSQL was out of reach were missed: the cache is emptied then.
   */
  async start(): Promise<() => Promise<void>> {
    const stopGaps = this.db.onListenGap(() => this.cache.clear());
    const unlisten = await this.db.listen(ITEMS_CHANNEL, (payload) => this.noteChange(JSON.parse(payload) as ItemChange));
    return async () => {
      stopGaps();
      await unlisten();
    };
  }

  /** Records that `change.id` reached `change.u`, dropping any older cached copy. */
  noteChange(change: ItemChange): void {
    if ((this.floors.get(change.id) ?? 0) < change.u) this.floors.set(change.id, change.u);
    const cached = this.cache.get(change.id);
    if (cached && cached.u < change.u) this.cache.delete(change.id);
  }

  private remember(record: ItemRecord): ItemRecord {
    const floor = this.floors.get(record.id) ?? 0;
    const cached = this.cache.get(record.id);
    if (record.u >= floor && (!cached || cached.u <= record.u)) this.cache.set(record.id, record);
    return record;
  }

  /** The type called `name`, or an unknownType refusal. */
  typeOf(name: string): ItemTypeDef {
    const type = this.types.get(name);
    if (!type) throw new OpError('unknownType', `Unknown item type ${name}`);
    // A virtual type is searched and read, never stored (src/shared/items/virtualTypes.ts).
    if (type.virtual) throw new OpError('unknownType', `${name} is a view of ${type.virtual.over} items, not stored itself`);
    return type;
  }

  /** Refuses `data` when it breaks the type's rules or `body` names properties the type does not declare. */
  private validate(type: ItemTypeDef, data: ItemData, body: ItemData, admin: boolean): void {
    const fields = validateItemData(type, data, { admin });
    for (const key of unknownProperties(type, body)) fields[key] = 'errors.unknownProperty';
    if (Object.keys(fields).length > 0) {
      throw new OpError('validationFailed', `Invalid ${type.name}: ${Object.keys(fields).join(', ')}`, fields);
    }
  }

  /**
   * What a new item of `type` stores from `body`, checked without the database (declared properties,
   * the chart's initial state, read-only properties, the type's rules); throws the OpError to refuse it.
   */
  private prepareCreate(type: ItemTypeDef, body: ItemData, admin: boolean): { data: ItemData; access: Visibility } {
    const data = storedProps(body, type, this.derivedNames(type.name));
    // A new item starts in its chart's initial state, whatever the body says; saying another is refused.
    const chart = this.charts.get(type.name);
    const initial = chart ? initialStateOf(chart.chart) : undefined;
    if (chart) {
      const sent = data[chart.property];
      if (sent !== undefined && sent !== null && sent !== initial)
        throw new OpError('validationFailed', `${chart.property} starts at ${initial}`, { [chart.property]: STATE_BY_TRANSITION });
      delete data[chart.property];
    }
    for (const [k, def] of Object.entries(type.properties)) {
      if (def.readOnly && Object.hasOwn(data, k) && !admin)
        throw new OpError('validationFailed', `${k} is read-only`, { [k]: 'errors.readOnly' });
    }
    if (chart) data[chart.property] = initial;
    const access = (body.$access ?? type.defaultAccess) as Visibility;
    this.validate(type, Object.assign({}, data, { $access: access }), body, admin);
    return { data, access };
  }

  /** Reserves `n` consecutive indexes of `typeName` with `on`; answers the last of them. */
  private async reserveIndexes(on: Queryable, typeName: string, n: number): Promise<number> {
    const seq = await on.query<{ last_index: number }>(
      `INSERT INTO type_sequences (type, last_index) VALUES ($1, $2)
       ON CONFLICT (type) DO UPDATE SET last_index = type_sequences.last_index + $2 RETURNING last_index`,
      [typeName, n],
      { reusePlan: true },
    );
    return Number(seq.rows[0]!.last_index);
  }

  /**
   * On PostgreSQL, reserves a creation's indexes in a statement of its own before its transaction
   * begins (answers the last), so that the type's sequence row is locked for that statement only. In
   * the creating transaction the lock lasted until it committed, and every other creation of the type
   * waited for it, holding a pooled connection meanwhile (issue 20: under the load run, uploads queued
   * there for 118 ms a creation and the pool ran dry). An index reserved for a creation that then fails
   * is not given again: ids are unique, not gapless. Answers null on the embedded database, which runs
   * one transaction at a time, and where the reservation stays a statement of the transaction.
   */
  private async reserveBefore(typeName: string, n: number): Promise<number | null> {
    return this.db.driver === 'postgres' ? this.reserveIndexes(this.db, typeName, n) : null;
  }

  /** Creates an item of `typeName` from `body`; answers the stored record. */
  async create(author: Author, typeName: string, body: ItemData, options: { admin: boolean; tx?: Queryable }): Promise<ItemRecord> {
    const type = this.typeOf(typeName);
    const { data, access } = this.prepareCreate(type, body, options.admin);
    const ts = this.now().toISOString();
    const reserved = options.tx ? null : await this.reserveBefore(type.name, 1);
    const run = async (tx: Queryable): Promise<ItemRecord> => {
      await this.runValidators(tx, { type, data, ownerOrg: ownerOrgOf(data), changed: null });
      const idx = reserved ?? (await this.reserveIndexes(tx, type.name, 1));
      const id = makeId(type.name, idx);
      const res = await tx.query<ItemRow>(
        `INSERT INTO items AS i (id, type, idx, u, data, label, access, owner_org, created_at, created_by, updated_at)
         VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9, $8) RETURNING ${ITEM_COLUMNS}`,
        [id, type.name, idx, JSON.stringify(data), type.label(data), access, ownerOrgOf(data), ts, author.userId],
      );
      const event = await this.recordEvent(tx, { id, u: 1, kind: 'created' }, author, ts, Object.keys(data));
      const created = toRecord(res.rows[0]!);
      await this.runHooks(tx, { id, u: 1, kind: 'created' }, created, author, event);
      return created;
    };
    // Inside a caller's transaction the row may still be rolled back: cache only what we commit.
    return options.tx ? run(options.tx) : this.remember(await this.db.transaction(run));
  }

  /**
   * Creates items of `typeName` from `bodies`, as `create` would one after the other, in fewer
   * statements: each body is checked (as `checkCreate`, then the validators), then one reservation of
   * their indexes (consecutive, in the bodies' order), one insert of the items, one of their `created`
   * events, one statement announcing every change, and the change hooks for each item in turn (a hook
   * with a `created` part prepares once for all of them). The first refusal throws, and with it the
   * transaction (a caller's `tx` to its savepoint) writes nothing; with `options.refused`, a body the
   * checks without the database refuse is told to it (by its index) and left out instead. Answers
   * the records created, in order.
   */
  async createMany(
    author: Author,
    typeName: string,
    bodies: readonly ItemData[],
    options: { admin: boolean; tx?: Queryable; refused?: (index: number, error: OpError) => void },
  ): Promise<ItemRecord[]> {
    const type = this.typeOf(typeName);
    const prepared: { data: ItemData; access: Visibility }[] = [];
    for (const [i, body] of bodies.entries()) {
      try {
        prepared.push(this.prepareCreate(type, body, options.admin));
      } catch (e) {
        if (!options.refused || !(e instanceof OpError)) throw e;
        options.refused(i, e);
      }
    }
    if (prepared.length === 0) return [];
    const ts = this.now().toISOString();
    const reserved = options.tx ? null : await this.reserveBefore(type.name, prepared.length);
    const run = async (tx: Queryable): Promise<ItemRecord[]> => {
      for (const { data } of prepared) await this.runValidators(tx, { type, data, ownerOrg: ownerOrgOf(data), changed: null });
      const n = prepared.length;
      const first = (reserved ?? (await this.reserveIndexes(tx, type.name, n))) - n + 1;
      const rows = prepared.map(({ data, access }, i) => ({
        id: makeId(type.name, first + i),
        idx: first + i,
        data,
        label: type.label(data),
        access,
        owner_org: ownerOrgOf(data),
        changed: Object.keys(data),
      }));
      const res = await tx.query<ItemRow>(
        `INSERT INTO items AS i (id, type, idx, u, data, label, access, owner_org, created_at, created_by, updated_at)
         SELECT r.id, $2::text, r.idx, 1, r.data, r.label, r.access, r.owner_org, $3::timestamptz, $4::text, $3::timestamptz
         FROM jsonb_to_recordset($1::jsonb) AS r(id text, idx integer, data jsonb, label text, access text, owner_org text)
         ORDER BY r.idx RETURNING ${ITEM_COLUMNS}`,
        [JSON.stringify(rows), type.name, ts, author.userId],
      );
      const byId = new Map(res.rows.map((row) => [row.id, toRecord(row)]));
      const events = await tx.query<{ id: string | number; item_id: string }>(
        `INSERT INTO events (item_id, kind, u, ts, by_user, masquerader, changed, sub_context, also, from_state, to_state)
         SELECT r.id, 'created', 1, $2::timestamptz, $3::text, $4::text, r.changed, NULL, '{}', NULL, NULL
         FROM jsonb_to_recordset($1::jsonb) AS r(id text, idx integer, changed text[])
         ORDER BY r.idx RETURNING id, item_id`,
        [JSON.stringify(rows.map(({ id, idx, changed }) => ({ id, idx, changed }))), ts, author.userId, author.masquerader],
      );
      const eventIds = new Map(events.rows.map((e) => [e.item_id, Number(e.id)]));
      const changes = rows.map(({ id }): ItemChange => ({ id, u: 1, kind: 'created' }));
      await tx.query('SELECT pg_notify($1::text, x) FROM unnest($2::text[]) WITH ORDINALITY AS t(x, n) ORDER BY n', [
        ITEMS_CHANNEL,
        changes.map((c) => JSON.stringify(c)),
      ]);
      const created = rows.map(({ id }) => byId.get(id)!);
      const hooks: ChangeHookRun[] = [];
      for (const hook of this.hooks) hooks.push(hook.created ? await hook.created(tx, created, author) : hook);
      for (const [i, record] of created.entries()) {
        const event: RecordedEvent = {
          id: eventIds.get(record.id)!,
          kind: 'created',
          context: record.id,
          subContext: null,
          also: [],
          from: null,
          to: null,
          u: 1,
          ts,
          by: author.userId,
          changed: rows[i]!.changed,
        };
        for (const hook of hooks) await hook(tx, changes[i]!, record, author, event, this);
      }
      return created;
    };
    // Inside a caller's transaction the rows may still be rolled back: cache only what we commit.
    if (options.tx) return run(options.tx);
    return (await this.db.transaction(run)).map((r) => this.remember(r));
  }

  /**
   * Updates the item named by `body.$id`: the body's properties replace the stored ones, a null
   * removes one. Refused with staleUpdate when `body._u` is not the stored counter.
   */
  async update(author: Author, body: ItemData, authorize: Authorize, options: { admin: boolean; tx?: Queryable }): Promise<ItemRecord> {
    const id = body.$id;
    const { type: typeName } = parseIdOrRefuse(id);
    const type = this.typeOf(typeName);
    if (!Number.isInteger(body._u)) throw new OpError('validationFailed', 'update needs the _u of the item', { _u: 'errors.required' });
    const ts = this.now().toISOString();
    /**
     * Writes the update onto `current`, the row as the update was made from it. `guarded` (the cached
     * copy, not read and locked here) answers null instead of refusing, and writes nothing unless the
     * row is still at `current.u`, for the caller to read and lock it and try again: the database then
     * gives the answer, whether the cache was behind it or not.
     */
    const write = async (tx: Queryable, current: ItemRecord, guarded: boolean): Promise<ItemRecord | null> => {
      const next: ItemData = Object.assign({}, current.data);
      const changed: string[] = [];
      let access: Visibility;
      try {
        const stateProperty = this.charts.get(type.name)?.property;
        for (const [k, v] of Object.entries(storedProps(body, type, this.derivedNames(type.name)))) {
          if (JSON.stringify(next[k]) === JSON.stringify(v ?? undefined)) continue;
          // Not even an administrator sets a state by hand: every move is a transition, and an event.
          if (k === stateProperty) throw new OpError('validationFailed', `${k} changes only by a transition`, { [k]: STATE_BY_TRANSITION });
          if (type.properties[k]!.readOnly && !options.admin)
            throw new OpError('validationFailed', `${k} is read-only`, { [k]: 'errors.readOnly' });
          if (v === null) delete next[k];
          else next[k] = v;
          changed.push(k);
        }
        access = (body.$access ?? current.access) as Visibility;
        if (access !== current.access) changed.push('$access');
        this.validate(type, Object.assign({}, next, { $access: access }), body, options.admin);
        if (changed.length === 0) return guarded ? null : current;
        await this.runValidators(tx, { type, data: next, ownerOrg: ownerOrgOf(next), changed: new Set(changed) });
      } catch (e) {
        if (guarded && e instanceof OpError) return null;
        throw e;
      }
      const u = current.u + 1;
      const change: ItemChange = { id: current.id, u, kind: 'updated' };
      const reads = new Map<ChangeHook, HookRead>();
      for (const hook of this.hooks) {
        const read = hook.updated?.(current, author);
        if (read) reads.set(hook, read);
      }
      // The row rewritten, its event written, the change announced and what the hooks ask, in one statement.
      const written = await eventRecorder.insertWith<ItemRow>(
        tx,
        {
          sql: `UPDATE items AS i SET data = $2, u = $3, label = $4, access = $5, owner_org = $6, updated_at = $7
                WHERE i.id = $1 AND i.u = $8 RETURNING ${ITEM_COLUMNS}`,
          params: [current.id, JSON.stringify(next), u, type.label(next), access, ownerOrgOf(next), ts, current.u],
        },
        { kind: 'updated', context: current.id, u, changed },
        author,
        ts,
        { channel: ITEMS_CHANNEL, payload: JSON.stringify(withOrigin(change)) },
        [...reads.values()],
      );
      if (!written) {
        if (guarded) return null;
        throw new Error(`The update of ${current.id} wrote nothing`);
      }
      const updated = toRecord(written.rows[0]!);
      const answers = new Map([...reads].map(([hook, r], i) => [hook, r.run(written.read[i]!)]));
      for (const hook of this.hooks) await (answers.get(hook) ?? hook)(tx, change, updated, author, written.event, this);
      return updated;
    };
    const run = async (tx: Queryable): Promise<ItemRecord> => {
      // The copy in memory, when it is the version the update was made from, spares reading and locking
      // the row before writing it: one statement and one round trip to the database fewer (issue 20).
      const cached = this.cachedCurrent(String(id));
      if (cached && cached.u === body._u && !cached.deletedAt && allows(authorize, cached)) {
        const updated = await write(tx, cached, true);
        if (updated) return updated;
      }
      const current = await this.lockForChange(tx, String(id), authorize);
      if (current.deletedAt) throw new OpError('itemDeleted', `${current.id} was deleted`);
      if (body._u !== current.u) {
        throw new OpError('staleUpdate', `${current.id} is at _u ${current.u}, the update was made from _u ${String(body._u)}`);
      }
      return (await write(tx, current, false))!;
    };
    // Inside a caller's transaction the change may still be rolled back: cache only what we commit.
    if (!options.tx) {
      const updated = await this.db.transaction(run);
      // Who made this version and when are known: presenting it needs no read of its event.
      if (updated.u !== body._u) this.changeCache.set(`${updated.id}:${updated.u}`, { ts, by: author.userId });
      return this.remember(updated);
    }
    // Inside a caller's transaction the change may still be rolled back: nothing is cached, but an older
    // cached copy is dropped now, so a read after the caller commits never answers the version before
    // it (the notification that would drop it arrives later, from the database).
    const updated = await run(options.tx);
    this.noteChange({ id: updated.id, u: updated.u, kind: 'updated' });
    return updated;
  }

  /**
   * Moves the state of `id` by `move.event`, as its type's chart allows from the stored state for
   * `move.caller`, inside the write transaction: a stale `_u` is staleUpdate, a transition the chart
   * refuses is transitionNotAllowed, and neither writes anything. An allowed one is a change like any
   * other (`_u`, validators, hooks, pushes) whose event is named `state.<event>`.
   */
  async transition(
    author: Author,
    id: string,
    move: { event: string; u: number; caller: StateCaller | null },
    authorize: Authorize,
  ): Promise<ItemRecord> {
    const type = this.typeOf(parseIdOrRefuse(id).type);
    const ts = this.now().toISOString();
    const record = await this.db.transaction(async (tx) => {
      const current = await this.lockForChange(tx, id, authorize);
      if (current.deletedAt) throw new OpError('itemDeleted', `${current.id} was deleted`);
      if (move.u !== current.u)
        throw new OpError('staleUpdate', `${current.id} is at _u ${current.u}, the transition was asked from _u ${move.u}`);
      const chart = this.charts.get(type.name);
      if (!chart) throw new OpError('transitionNotAllowed', `${type.name} has no states`);
      const from = current.data[chart.property];
      const subject = { createdBy: current.createdBy, ownerOrg: current.ownerOrg, data: current.data };
      const outcome = applyTransition(chart.chart, from, { type: move.event, caller: move.caller, item: subject });
      if (!outcome.ok)
        throw new OpError(
          'transitionNotAllowed',
          `${move.event} is not allowed from ${String(from)} for ${move.caller?.userId ?? 'no one'} on ${current.id}`,
        );
      // The value is one of the property's options (checked with the chart at start); a module's validators may still object.
      const next: ItemData = Object.assign({}, current.data, { [chart.property]: outcome.to });
      const stamp = chart.stamps?.find((st) => st.event === move.event && st.to === outcome.to)?.property;
      if (stamp) next[stamp] = ts;
      const changed = stamp ? [chart.property, stamp] : [chart.property];
      await this.runValidators(tx, { type, data: next, ownerOrg: current.ownerOrg, changed: new Set(changed) });
      const u = current.u + 1;
      const res = await tx.query<ItemRow>(
        `UPDATE items AS i SET data = $2, u = $3, label = $4, updated_at = $5 WHERE i.id = $1 RETURNING ${ITEM_COLUMNS}`,
        [current.id, JSON.stringify(next), u, type.label(next), ts],
      );
      const change: ItemChange = { id: current.id, u, kind: 'updated' };
      const event = await this.recordEvent(tx, change, author, ts, changed, {
        kind: transitionKind(move.event),
        from: typeof from === 'string' ? from : null,
        to: outcome.to,
      });
      const moved = toRecord(res.rows[0]!);
      await this.runHooks(tx, change, moved, author, event);
      return moved;
    });
    return this.remember(record);
  }

  /** Locks the row of `id` for the rest of `tx` and answers it once `authorize` accepts it. */
  private async lockForChange(tx: Queryable, id: string, authorize: Authorize): Promise<ItemRecord> {
    const found = await tx.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items i WHERE i.id = $1 FOR UPDATE`, [id], { reusePlan: true });
    if (found.rowCount === 0) throw new OpError('notFound', `${id} not found`);
    const current = toRecord(found.rows[0]!);
    authorize(current);
    return current;
  }

  /** Marks an item deleted (it stays readable, flagged `$deleted`, and can no longer change). */
  async delete(author: Author, id: string, authorize: Authorize): Promise<ItemRecord> {
    parseIdOrRefuse(id);
    const ts = this.now().toISOString();
    const record = await this.db.transaction(async (tx) => {
      const current = await this.lockForChange(tx, id, authorize);
      if (current.deletedAt) return current;
      const u = current.u + 1;
      const res = await tx.query<ItemRow>(
        `UPDATE items AS i SET u = $2, deleted_at = $3, updated_at = $3 WHERE i.id = $1 RETURNING ${ITEM_COLUMNS}`,
        [id, u, ts],
      );
      const event = await this.recordEvent(tx, { id, u, kind: 'deleted' }, author, ts, []);
      const deleted = toRecord(res.rows[0]!);
      await this.runHooks(tx, { id, u, kind: 'deleted' }, deleted, author, event);
      return deleted;
    });
    return this.remember(record);
  }

  /**
   * Adds or replaces the grant of `grant.grantee` through `grant.grantedBy` on item `id`, or removes
   * it when `grant.actions` is empty. A grant is a change of the item: its `_u` counts up, an event
   * is written and watchers are told, so caches and pushes follow the new permissions at once.
   */
  async setGrant(author: Author, id: string, grant: Grant, authorize: Authorize): Promise<ItemRecord> {
    parseIdOrRefuse(id);
    const ts = this.now().toISOString();
    const record = await this.db.transaction(async (tx) => {
      const current = await this.lockForChange(tx, id, authorize);
      if (current.deletedAt) throw new OpError('itemDeleted', `${current.id} was deleted`);
      const kind = grant.actions.length ? 'granted' : 'revoked';
      if (grant.actions.length) {
        await tx.query(
          `INSERT INTO grants (item_id, grantee, actions, granted_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (item_id, grantee, granted_by) DO UPDATE SET actions = EXCLUDED.actions`,
          [id, grant.grantee, grant.actions, grant.grantedBy],
        );
      } else {
        const gone = await tx.query('DELETE FROM grants WHERE item_id = $1 AND grantee = $2 AND granted_by = $3', [
          id,
          grant.grantee,
          grant.grantedBy,
        ]);
        if (gone.rowCount === 0) throw new OpError('notFound', `No grant to ${grant.grantee} through ${grant.grantedBy} on ${id}`);
      }
      const u = current.u + 1;
      const res = await tx.query<ItemRow>(`UPDATE items AS i SET u = $2, updated_at = $3 WHERE i.id = $1 RETURNING ${ITEM_COLUMNS}`, [
        id,
        u,
        ts,
      ]);
      await this.recordEvent(tx, { id, u, kind }, author, ts, ['$grants']);
      return toRecord(res.rows[0]!);
    });
    return this.remember(record);
  }

  /** Writes the timeline's event (the change's own kind unless a transition names it, with its states) and announces the change. */
  private async recordEvent(
    tx: Queryable,
    change: ItemChange,
    author: Author,
    ts: string,
    changed: string[],
    transition?: { kind: string; from: string | null; to: string },
  ): Promise<RecordedEvent> {
    return eventRecorder.insert(
      tx,
      { kind: transition?.kind ?? change.kind, context: change.id, u: change.u, changed, from: transition?.from, to: transition?.to },
      author,
      ts,
      { channel: ITEMS_CHANNEL, payload: JSON.stringify(withOrigin(change)) },
    );
  }

  /** The stored record of `id` (deleted ones included), or null. */
  async find(id: string): Promise<ItemRecord | null> {
    return (await this.findMany([id]))[0] ?? null;
  }

  /**
   * The cached record of `id` unless a later version of it was announced. Another process's change
   * may not be announced yet: what is written from it is guarded by its `u`.
   */
  private cachedCurrent(id: string): ItemRecord | undefined {
    const cached = this.cache.get(id);
    return cached && cached.u >= (this.floors.get(id) ?? 0) ? cached : undefined;
  }

  /** The stored records of those `ids` that exist, from the cache where it has them. */
  async findMany(ids: readonly string[]): Promise<ItemRecord[]> {
    const found: ItemRecord[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const cached = this.cachedCurrent(id);
      if (cached) found.push(cached);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const res = await this.db.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items i WHERE i.id = ANY($1)`, [missing], { reusePlan: true });
      for (const row of res.rows) found.push(this.remember(toRecord(row)));
    }
    return found;
  }

  /** The records of `ids` that `caller` may read, filtered inside the query. */
  async findReadable(caller: Caller, ids: readonly string[]): Promise<ItemRecord[]> {
    if (ids.length === 0) return [];
    const params: unknown[] = [ids];
    const res = await this.db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM items i WHERE i.id = ANY($1) AND ${readPredicate(caller, params)}`,
      params,
    );
    return res.rows.map(toRecord);
  }

  /** Labels of the items among `ids` that `caller` may read. */
  async labels(caller: Caller, ids: readonly string[]): Promise<Record<string, string>> {
    const records = await this.findMany(ids);
    return Object.fromEntries(records.filter((r) => canRead(caller, r)).map((r) => [r.id, r.label]));
  }

  /** When and by whom each record's current version was made (the first event of version `u`), remembered per version. */
  private async lastChanges(records: readonly ItemRecord[]): Promise<Map<string, CreationInfo>> {
    const found = new Map<string, CreationInfo>();
    const missing = records.filter((r) => {
      const known = this.changeCache.get(`${r.id}:${r.u}`);
      if (known) found.set(r.id, known);
      return !known;
    });
    if (missing.length === 0) return found;
    const res = await this.db.query<{ item_id: string; ts: Date | string; by_user: string | null }>(
      `SELECT DISTINCT ON (e.item_id) e.item_id, e.ts, e.by_user
         FROM events e JOIN unnest($1::text[], $2::int[]) AS k(id, u) ON e.item_id = k.id AND e.u = k.u
        ORDER BY e.item_id, e.id`,
      [missing.map((r) => r.id), missing.map((r) => r.u)],
      { reusePlan: true },
    );
    const byId = new Map(missing.map((r) => [r.id, r]));
    for (const row of res.rows) {
      const change = { ts: new Date(row.ts).toISOString(), by: row.by_user };
      found.set(row.item_id, change);
      this.changeCache.set(`${row.item_id}:${byId.get(row.item_id)!.u}`, change);
    }
    return found;
  }

  /** The item as a client sees it, with the labels of itself and the items it relates to. */
  async present(caller: Caller, record: ItemRecord): Promise<Item> {
    return (await this.presentMany(caller, [record]))[0]!;
  }

  /** Presents several records with one label query for all of them. */
  async presentMany(caller: Caller, records: readonly ItemRecord[]): Promise<Item[]> {
    const changes = await this.lastChanges(records);
    const refs = new Set<string>();
    for (const r of records) {
      // So does whoever changed it last (the record header).
      const changedBy = changes.get(r.id)?.by;
      if (changedBy) refs.add(changedBy);
      const type = this.types.get(r.type);
      if (type) for (const id of relatedIds(type, r.data)) refs.add(id);
      // Who created it shows by name wherever the reader may see that user.
      if (r.createdBy) refs.add(r.createdBy);
    }
    for (const r of records) refs.delete(r.id);
    const labels = refs.size ? await this.labels(caller, [...refs]) : {};
    const now = this.now();
    return records.map((r) => {
      const own: Record<string, string> = { [r.id]: r.label };
      const type = this.types.get(r.type);
      if (type) for (const id of relatedIds(type, r.data)) if (labels[id] !== undefined) own[id] = labels[id];
      if (r.createdBy && labels[r.createdBy] !== undefined) own[r.createdBy] = labels[r.createdBy];
      const change = changes.get(r.id);
      if (change?.by && labels[change.by] !== undefined) own[change.by] = labels[change.by];
      // Object.assign, not `{ ...r.data, $id, … }`: on Node 20's V8 each property added to an object
      // cloned by a spread costs about a microsecond, and every item read, searched or pushed is
      // presented here (docs/decisions.md, session 26). Stored data holds declared properties only
      // (storedProps), never a `__proto__` that assign would take for the prototype.
      const item: Item = Object.assign({}, r.data, {
        $id: r.id,
        _t: r.type,
        _i: r.idx,
        _u: r.u,
        _c: { ts: r.createdAt, by: r.createdBy },
        $access: r.access,
        $labels: own,
      });
      if (change) item._m = change;
      if (r.deletedAt) item.$deleted = true;
      for (const field of this.derived.get(r.type) ?? []) {
        const value = field.compute(r.data, now);
        if (value === undefined) delete item[field.name];
        else item[field.name] = value;
      }
      return item;
    });
  }
}

/** Parses an id, turning `Invalid id` into an invalidId refusal. */
export function parseIdOrRefuse(id: unknown): ReturnType<typeof parseId> {
  try {
    return parseId(id);
  } catch (e) {
    if (e instanceof InvalidIdError) throw new OpError('invalidId', `Invalid id: ${JSON.stringify(id) ?? String(id)}`);
    throw e;
  }
}
