/**
 * The consultation audit (spec 001 §2 consult.audit): every state change of every consultation the
 * caller may read, newest first, filtered by the state reached or the transition, by one
 * consultation and by a day range. One query over the events table joined with the consultations
 * under the policy's read predicate, so the audit never tells of a consultation its reader may not read.
 */
import type { OpRoute } from '../../server/ops/OpContext';
import { bindOperation } from '../../server/ops/bindOperation';
import { signedInCaller } from '../../server/ops/signedInCaller';
import { readPredicate } from '../../server/policy/policy';
import { CONSULT_AUDIT_MAX, consultOperations, type ConsultAuditEntry } from './operations';

const DAY_MS = 86_400_000;
/** Midnight of `day` (YYYY-MM-DD) in the reader's zone, as an instant. */
const midnight = (day: string, tzOffset: number): string =>
  new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) + tzOffset * 60_000).toISOString();

interface Row {
  id: string | number;
  ts: Date | string;
  item_id: string;
  label: string | null;
  kind: string;
  from_state: string | null;
  to_state: string | null;
  by_user: string | null;
  total: string | number;
}

export const consultAuditOp: OpRoute = bindOperation(consultOperations.audit, async (ctx, _p, body) => {
  const caller = signedInCaller(ctx);
  const params: unknown[] = [];
  const add = (v: unknown): string => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`i.type = 'Consultation'`, `i.deleted_at IS NULL`, `e.kind LIKE 'state.consultation.%'`, readPredicate(caller, params)];
  const tz = body.tzOffset ?? 0;
  if (body.consultationId) where.push(`e.item_id = ${add(body.consultationId)}`);
  if (body.to?.length) where.push(`e.to_state = ANY(${add(body.to)}::text[])`);
  if (body.kinds?.length) where.push(`e.kind = ANY(${add(body.kinds)}::text[])`);
  if (body.from) where.push(`e.ts >= ${add(midnight(body.from, tz))}::timestamptz`);
  if (body.until) where.push(`e.ts < ${add(new Date(Date.parse(midnight(body.until, tz)) + DAY_MS).toISOString())}::timestamptz`);
  const max = body.max ?? 200;
  const res = await ctx.services.db.query<Row>(
    `SELECT e.id, e.ts, e.item_id, i.label, e.kind, e.from_state, e.to_state, e.by_user, count(*) OVER () AS total
       FROM events e JOIN items i ON i.id = e.item_id
      WHERE ${where.join(' AND ')}
      ORDER BY e.id DESC LIMIT ${add(Math.min(max, CONSULT_AUDIT_MAX))}`,
    params,
  );
  const who = [...new Set(res.rows.map((r) => r.by_user).filter((id): id is string => !!id))];
  const labels = who.length ? await ctx.services.items.labels(ctx.caller, who) : {};
  const entries: ConsultAuditEntry[] = res.rows.map((r) => ({
    id: Number(r.id),
    ts: new Date(r.ts).toISOString(),
    consultation: r.item_id,
    label: r.label ?? '',
    kind: r.kind,
    from: r.from_state,
    to: r.to_state,
    by: r.by_user,
    byLabel: r.by_user ? (labels[r.by_user] ?? null) : null,
  }));
  return { entries, total: res.rows[0] ? Number(res.rows[0].total) : 0 };
});
