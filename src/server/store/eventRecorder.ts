import type { RegisteredEventKind } from '../../shared/events/eventKindTable';
import type { Queryable } from '../db/Database';
import { replacePlaceholders } from '../db/placeholders';

/** Who writes an event (the store's Author, repeated here so this file imports nothing of the store). */
interface EventAuthor {
  userId: string | null;
  masquerader: string | null;
}

/** A domain event a module appends about an item without changing it. */
export interface DomainEventInput {
  /** A registered kind (ModuleModel.eventKinds). */
  kind: string;
  /** The item it is about. */
  context: string;
  subContext?: string | null;
  /** Other items it concerns. */
  also?: readonly string[];
}

/** What the events table gets for one event. */
interface EventRow extends DomainEventInput {
  u: number;
  changed?: readonly string[];
  from?: string | null;
  to?: string | null;
}

/** One event as written, handed to the hooks of its transaction. */
export interface RecordedEvent {
  /** The row's id: a Notify's `event`. */
  id: number;
  kind: string;
  context: string;
  subContext: string | null;
  also: string[];
  from: string | null;
  to: string | null;
  u: number;
  ts: string;
  by: string | null;
  /** The properties the change changed (empty for a domain event): hooks read it here, not from the table. */
  changed: readonly string[];
}

/** A parameterised statement (`$1`…`$n`). */
export interface Statement {
  sql: string;
  params: readonly unknown[];
}

/** The events table's values of `row`, in its columns' order. */
function eventParams(row: EventRow, author: EventAuthor, ts: string, also: string[]): unknown[] {
  return [
    row.context,
    row.kind,
    row.u,
    ts,
    author.userId,
    author.masquerader,
    row.changed ?? [],
    row.subContext ?? null,
    also,
    row.from ?? null,
    row.to ?? null,
  ];
}

/** The event as written, with its row's id. */
function recorded(row: EventRow, author: EventAuthor, ts: string, also: string[], id: string | number): RecordedEvent {
  return {
    id: Number(id),
    kind: row.kind,
    context: row.context,
    subContext: row.subContext ?? null,
    also,
    from: row.from ?? null,
    to: row.to ?? null,
    u: row.u,
    ts,
    by: author.userId,
    changed: row.changed ?? [],
  };
}

/** The types of the events table's columns that `insertWith` fills, in its order (an INSERT … SELECT infers none from them). */
const EVENT_TYPES = ['text', 'text', 'integer', 'timestamptz', 'text', 'text', 'text[]', 'text', 'text[]', 'text', 'text'];

/** Writes events: the one insert every change, transition and domain event goes through. */
export const eventRecorder = {
  /**
   * Inserts `row` in `tx` and answers it as recorded. With `notify`, the same statement also sends
   * that notification (one round trip to the database instead of two on every change).
   */
  async insert(
    tx: Queryable,
    row: EventRow,
    author: EventAuthor,
    ts: string,
    notify?: { channel: string; payload: string },
  ): Promise<RecordedEvent> {
    const also = [...new Set(row.also ?? [])].filter((id) => id !== row.context);
    const insert = `INSERT INTO events (item_id, kind, u, ts, by_user, masquerader, changed, sub_context, also, from_state, to_state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`;
    const res = await tx.query<{ id: string | number }>(
      notify ? `WITH e AS (${insert}) SELECT e.id, pg_notify($12::text, $13::text) FROM e` : insert,
      [...eventParams(row, author, ts, also), ...(notify ? [notify.channel, notify.payload] : [])],
    );
    return recorded(row, author, ts, also, res.rows[0]!.id);
  },

  /**
   * Runs `change` (a statement with RETURNING, whose parameters are `$1`…`$n`), inserts `row` and
   * sends the notification, all in one statement: a change, its event and its announcement cost one
   * round trip to the database instead of two (issue 20). `reads` (SELECTs, each with its own `$1`…)
   * run in the same statement, on the snapshot it began with (before the change). Answers the rows
   * `change` returned, the event and each read's rows; or null when `change` returned no row, and then
   * nothing was written or announced (an update guarded by the version it was made from, issue 20).
   */
  async insertWith<R>(
    tx: Queryable,
    change: Statement,
    row: EventRow,
    author: EventAuthor,
    ts: string,
    notify: { channel: string; payload: string },
    reads: readonly Statement[] = [],
  ): Promise<{ rows: R[]; event: RecordedEvent; read: unknown[][] } | null> {
    const also = [...new Set(row.also ?? [])].filter((id) => id !== row.context);
    const params: unknown[] = [...change.params];
    const at = (k: number) => `$${change.params.length + k}`;
    params.push(...eventParams(row, author, ts, also), notify.channel, notify.payload);
    // Each read's parameters follow the others': its `$1` is renumbered to the first of them.
    const readCtes = reads.map((read, i) => {
      const offset = params.length;
      params.push(...read.params);
      return `, r${i} AS (${replacePlaceholders(read.sql, (n) => `$${n + offset}`)})`;
    });
    const readColumns = reads.map((_, i) => `, (SELECT coalesce(json_agg(r${i}), '[]'::json) FROM r${i}) AS r${i}`);
    const res = await tx.query<R & { event_id: string | number } & Record<string, unknown>>(
      `WITH c AS (${change.sql}),
        e AS (INSERT INTO events (item_id, kind, u, ts, by_user, masquerader, changed, sub_context, also, from_state, to_state)
              SELECT ${EVENT_TYPES.map((type, k) => `${at(k + 1)}::${type}`).join(', ')} WHERE EXISTS (SELECT FROM c) RETURNING id),
        n AS (SELECT pg_notify(${at(12)}::text, ${at(13)}::text) FROM e)${readCtes.join('')}
       SELECT c.*, e.id AS event_id${readColumns.join('')} FROM c, e, n`,
      params,
      // The change and the reads find their rows by key (a change hook's read says so by being one).
      { reusePlan: true },
    );
    const first = res.rows[0];
    if (!first) return null;
    const read = reads.map((_, i) => {
      const rows = first[`r${i}`];
      return (typeof rows === 'string' ? JSON.parse(rows) : rows) as unknown[];
    });
    return { rows: res.rows, event: recorded(row, author, ts, also, first.event_id), read };
  },
};

/** Throws unless `input.kind` is registered and uses what `input` names: a value its description does not use would be stored and never shown. */
export function checkDomainEvent(kinds: ReadonlyMap<string, RegisteredEventKind>, input: DomainEventInput): void {
  const registered = kinds.get(input.kind);
  if (!registered) throw new Error(`Event kind ${input.kind} is not registered by any module`);
  const uses = registered.def.uses ?? [];
  if (input.subContext && !uses.includes('subContext')) throw new Error(`Event kind ${input.kind} uses no subContext`);
  if (input.also?.length && !uses.includes('also')) throw new Error(`Event kind ${input.kind} uses no also`);
}
