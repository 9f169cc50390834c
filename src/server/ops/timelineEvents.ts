import type { TimelineEvent } from '../../shared/items/TimelineEvent';
import type { ItemRecord } from '../store/ItemRecord';
import type { OpContext } from './OpContext';

interface EventRow {
  id: string | number;
  item_id: string;
  kind: string;
  u: number;
  ts: Date | string;
  by_user: string | null;
  masquerader: string | null;
  changed: string[];
  sub_context: string | null;
  also: string[] | null;
  from_state: string | null;
  to_state: string | null;
}

const COLUMNS = 'id, item_id, kind, u, ts, by_user, masquerader, changed, sub_context, also, from_state, to_state';

/** The ids an event names, whose labels a reader needs to read it. */
const namedIds = (r: EventRow): string[] =>
  [r.item_id, r.by_user, r.masquerader, r.sub_context, ...(r.also ?? [])].filter(
    (id): id is string => typeof id === 'string' && id.includes('-'),
  );

/**
 * Events as a reader gets them: only those about an item the caller may read, each with the labels
 * of the items it names that the caller may read, so a screen says them by name; an item the caller
 * may not read keeps its label out and is said generically.
 */
async function present(ctx: OpContext, rows: readonly EventRow[]): Promise<Map<number, TimelineEvent>> {
  const ids = [...new Set(rows.flatMap(namedIds))];
  const labels = ids.length ? await ctx.services.items.labels(ctx.caller, ids) : {};
  const out = new Map<number, TimelineEvent>();
  for (const r of rows) {
    if (labels[r.item_id] === undefined) continue;
    const own: Record<string, string> = {};
    for (const id of namedIds(r)) if (labels[id] !== undefined) own[id] = labels[id];
    out.set(Number(r.id), {
      kind: r.kind,
      u: r.u,
      ts: new Date(r.ts).toISOString(),
      by: r.by_user,
      masquerader: r.masquerader,
      changed: r.changed,
      context: r.item_id,
      subContext: r.sub_context,
      also: r.also ?? [],
      from: r.from_state,
      to: r.to_state,
      labels: own,
    });
  }
  return out;
}

/** The timeline of a record the caller may read: its events and those of readable items that concern it (`also`), oldest first. */
export async function readTimeline(ctx: OpContext, record: ItemRecord): Promise<TimelineEvent[]> {
  const res = await ctx.services.db.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE item_id = $1 OR $1 = ANY(also) ORDER BY id`, [
    record.id,
  ]);
  return [...(await present(ctx, res.rows)).values()];
}

/** The events of `ids` whose context the caller may read, by id (for the notification list). */
export async function readEvents(ctx: OpContext, ids: readonly number[]): Promise<Map<number, TimelineEvent>> {
  if (ids.length === 0) return new Map();
  const res = await ctx.services.db.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE id = ANY($1::bigint[])`, [ids]);
  return present(ctx, res.rows);
}
