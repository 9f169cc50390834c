/**
 * The consultation module's server part: who reads and changes its items, the checks that need the
 * database, the responses kept in step with their consultation, every saved version of an agreement,
 * distribution to communities, the overdue notice (a scheduled job) and the lists' starting values.
 */
import { OpError } from '../../server/OpError';
import type { Queryable } from '../../server/db/Database';
import type { JobKind } from '../../server/jobs/JobKind';
import type { ModuleServer } from '../../server/modules/ModuleServer';
import { bindOperation } from '../../server/ops/bindOperation';
import { readableRecord, unreadable } from '../../server/ops/itemOps';
import { signedInCaller } from '../../server/ops/signedInCaller';
import { canRead } from '../../server/policy/policy';
import type { Principal } from '../../server/policy/Principal';
import type { ItemRecord } from '../../server/store/ItemRecord';
import { type Author, type ChangeHook, type HookStore } from '../../server/store/ItemStore';
import { rewriteAsSystem } from '../../server/store/systemRewrite';
import type { ItemData } from '../../shared/items/types';
import { consultAuditOp } from './audit';
import { consultPermissions } from './consultPermissions';
import { missingForSubmission, relIds } from './consultRules';
import { consultValidators } from './consultValidators';
import { agreementVersionsTable, consultDefaultLists } from './defaultLists';
import { consultDemo } from './demo';
import { DISTRIBUTABLE, distributes } from './distribution';
import { CONSULT_DISTRIBUTED, CONSULT_OVERDUE, ConsultResponseType, MIRRORED } from './model';
import { consultOperations, type AgreementVersion } from './operations';

const SYSTEM: Author = { userId: null, masquerader: null };
const authorOf = (p: Principal): Author => ({ userId: p.userId, masquerader: p.masquerader });

/** The response's copies of the consultation's mirrored fields (null for those it no longer has). */
export function mirroredFields(consultation: ItemData): ItemData {
  const out: ItemData = {};
  for (const [from, to] of Object.entries(MIRRORED)) out[to] = consultation[from] ?? null;
  return out;
}

type Row = { id: string; u: number; data: ItemData | string; owner_org: string | null };
const dataOf = (row: Row): ItemData => (typeof row.data === 'string' ? (JSON.parse(row.data) as ItemData) : row.data);

/** The consultation's responses, not deleted (by the expression index of migration 1202). */
async function responsesOf(tx: Queryable, consultationId: string): Promise<Row[]> {
  const res = await tx.query<Row>(
    `SELECT id, u, data, owner_org FROM items
      WHERE type = 'ConsultResponse' AND deleted_at IS NULL AND (data->'consultation'->>'id') = $1 ORDER BY idx`,
    [consultationId],
  );
  return res.rows;
}

/** Rewrites a response's copies as the system, in the consultation's transaction. */
async function rewriteCopies(tx: Queryable, row: Row, patch: ItemData, ts: string, store?: HookStore): Promise<void> {
  const next: ItemData = { ...dataOf(row) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  const set = { sql: 'data = $1, label = $2', params: [JSON.stringify(next), ConsultResponseType.label(next)] };
  await rewriteAsSystem(tx, store, row, set, Object.keys(patch), ts);
}

/**
 * Keeps each response's copies in step with its consultation: any change of the consultation (a
 * transition too) rewrites the copies that differ, in the same transaction.
 */
const mirrorToResponses: ChangeHook = async (tx, change, record, _author, event, store) => {
  if (record.type !== 'Consultation' || change.kind !== 'updated') return;
  const wanted = mirroredFields(record.data);
  for (const row of await responsesOf(tx, record.id)) {
    const data = dataOf(row);
    const patch: ItemData = {};
    for (const [k, v] of Object.entries(wanted)) if (JSON.stringify(data[k] ?? null) !== JSON.stringify(v)) patch[k] = v;
    if (Object.keys(patch).length > 0) await rewriteCopies(tx, row, patch, event.ts, store);
  }
};

/** Keeps every saved version of an agreement: what it held at each `_u`, when and by whom. */
const keepAgreementVersions: ChangeHook = async (tx, change, record, _author, event) => {
  if (record.type !== 'Agreement' || change.kind === 'deleted' || change.kind === 'granted' || change.kind === 'revoked') return;
  await tx.query(
    `INSERT INTO consult_agreement_versions (agreement_id, u, ts, by_user, data) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [record.id, record.u, event.ts, event.by, JSON.stringify(record.data)],
  );
};

/** The one-off job that tells of one overdue response, keyed `{response id}@{anticipated date}`. */
export const OVERDUE_NOTICE_JOB = 'consult.overdueNotice';
/** The recurring look for responses become overdue. */
export const OVERDUE_CHECK_JOB = 'consult.overdueCheck';
/** The mail to the internal contacts of an overdue response (outside the transaction: idempotent by its key). */
export const OVERDUE_MAIL_JOB = 'consult.overdueMail';

/** The UTC calendar day of `now`, as DT values are written. */
const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

const overdueJobs: JobKind[] = [
  {
    name: OVERDUE_CHECK_JOB,
    schedule: { everyMinutes: 15 },
    // A PENDING response whose anticipated date is before today is overdue (spec 001 §4); each such
    // date of each response gets one notice, however often the look runs or how many processes do.
    async handler(ctx, tx) {
      const due = await tx!.query<{ id: string; day: string }>(
        `SELECT i.id, i.data->>'anticipatedResponse' AS day FROM items i
          WHERE i.type = 'ConsultResponse' AND i.deleted_at IS NULL AND i.data->>'state' = 'PENDING'
            AND i.data->>'anticipatedResponse' < $1
            AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = $2 AND j.key = i.id || '@' || (i.data->>'anticipatedResponse'))`,
        [dayOf(ctx.now), OVERDUE_NOTICE_JOB],
      );
      for (const { id, day } of due.rows) await ctx.jobs.schedule({ kind: OVERDUE_NOTICE_JOB, key: `${id}@${day}` }, tx!);
    },
  },
  {
    name: OVERDUE_NOTICE_JOB,
    async handler(ctx, tx) {
      const [id, day] = ctx.key.split('@');
      // Still pending, and still due that day, when its turn comes: one answered or moved since needs no notice.
      const still = await tx!.query(
        `SELECT 1 FROM items WHERE id = $1 AND deleted_at IS NULL AND data->>'state' = 'PENDING' AND data->>'anticipatedResponse' = $2`,
        [id, day],
      );
      if (still.rowCount === 0) return;
      await ctx.services.items.appendEvent(tx!, SYSTEM, { kind: CONSULT_OVERDUE, context: id! });
      await ctx.jobs.schedule({ kind: OVERDUE_MAIL_JOB, key: ctx.key }, tx!);
    },
  },
  {
    name: OVERDUE_MAIL_JOB,
    outsideTransaction: true,
    async handler(ctx) {
      const [id] = ctx.key.split('@');
      const response = await ctx.services.items.find(id!);
      if (!response) return;
      const contacts = await ctx.services.items.findMany(relIds(response.data.internalContacts));
      const community = response.ownerOrg ? (await ctx.services.items.find(response.ownerOrg))?.label : undefined;
      const due = String(response.data.anticipatedResponse ?? '');
      // The consultation's name (the response's label also names its community, which the mail says apart).
      const project =
        typeof response.data.projectName === 'string' && response.data.projectName ? response.data.projectName : response.label;
      const link = `${ctx.services.baseUrl()}/i-${response.id}`;
      for (const contact of contacts) {
        const email = typeof contact.data.email === 'string' ? contact.data.email.trim() : '';
        if (!email || contact.deletedAt) continue;
        await ctx.services.mailer.send({
          to: email,
          subject: `Overdue: the response to ${project}`,
          text: [
            `Hello ${contact.label},`,
            '',
            `The response${community ? ` of ${community}` : ''} to the consultation "${project}" was expected by ${longDate(due)} and is still pending.`,
            '',
            `Open it: ${link}`,
          ].join('\n'),
        });
      }
    },
  },
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** YYYY-MM-DD as the app shows dates, DD-MMM-YYYY. */
function longDate(day: string): string {
  const [y, m, d] = day.split('-');
  const month = MONTHS[Number(m) - 1];
  return y && month && d ? `${d}-${month}-${y}` : day;
}

export const consultServer: ModuleServer = {
  name: 'consult',
  migrations: [
    consultDefaultLists,
    agreementVersionsTable,
    {
      id: 1202,
      name: 'consult: responses by consultation',
      sql: `CREATE INDEX consult_responses_by_consultation ON items ((data->'consultation'->>'id')) WHERE type = 'ConsultResponse'`,
    },
  ],
  permissions: consultPermissions,
  validators: consultValidators,
  changeHooks: [mirrorToResponses, keepAgreementVersions],
  derived: [
    {
      type: 'Consultation',
      name: '$missing',
      compute: (data) => {
        if (data.state !== 'DRAFT' && data.state !== 'INCOMPLETE') return undefined;
        const missing = missingForSubmission(data);
        return missing.length > 0 ? missing : undefined;
      },
    },
  ],
  jobs: overdueJobs,
  demo: consultDemo,
  ops: [
    consultAuditOp,
    // Distributes a consultation in review (or consulting already) to community organisations: each
    // community without a response to it gets one, with the consultation's fields mirrored, in one
    // transaction with the consultation's list of communities and the `distributed` event; a
    // consultation in review then moves to CONSULTING. Distributing again to a community adds nothing.
    bindOperation(consultOperations.distribute, async (ctx, _p, { consultationId, communities }) => {
      const caller = signedInCaller(ctx);
      const { items, db } = ctx.services;
      const consultation = await readableRecord(ctx, consultationId);
      if (!distributes(caller)) throw new OpError('notAllowed', `Not allowed to distribute ${consultationId}`);
      if (!DISTRIBUTABLE.has(String(consultation.data.state)))
        throw new OpError('transitionNotAllowed', `${consultationId} is ${String(consultation.data.state)}: it cannot be distributed`);
      const wanted = [...new Set(communities)];
      const orgs = await items.findMany(wanted);
      const communityIds = new Set(
        orgs.filter((o) => o.type === 'Organization' && !o.deletedAt && o.data.type === 'COMMUNITY').map((o) => o.id),
      );
      if (wanted.some((id) => !communityIds.has(id)))
        throw new OpError('validationFailed', 'Only community organisations take part', { communities: 'errors.consult.notCommunity' });
      const author = authorOf(caller);
      const { all, created, u, state } = await db.transaction(async (tx) => {
        const locked = await tx.query<Row>(`SELECT id, u, data, owner_org FROM items WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [
          consultationId,
        ]);
        const current = locked.rows[0];
        if (!current) throw unreadable(ctx.caller, consultationId);
        const data = dataOf(current);
        if (!DISTRIBUTABLE.has(String(data.state)))
          throw new OpError('transitionNotAllowed', `${consultationId} moved to ${String(data.state)}`);
        const existing = await responsesOf(tx, consultationId);
        const have = new Set(existing.map((r) => r.owner_org));
        const made: string[] = [];
        for (const community of wanted) {
          if (have.has(community)) continue;
          const communityName = orgs.find((o) => o.id === community)?.label ?? '';
          const response = await items.create(
            author,
            'ConsultResponse',
            {
              consultation: { id: consultationId },
              owner: { id: community },
              ...withoutNulls(mirroredFields(data)),
              ...(communityName ? { communityName } : {}),
            },
            { admin: true, tx },
          );
          made.push(response.id);
        }
        const listed = relIds(data.communities);
        const together = [...listed, ...wanted.filter((id) => !listed.includes(id))];
        let at = current.u;
        if (together.length !== listed.length) {
          const body: ItemData = { $id: consultationId, _u: current.u, communities: together.map((id) => ({ id })) };
          if (!data.distributed) body.distributed = new Date().toISOString();
          at = (await items.update(author, body, () => undefined, { admin: true, tx })).u;
        }
        if (made.length > 0) await items.appendEvent(tx, author, { kind: CONSULT_DISTRIBUTED, context: consultationId, also: made });
        return { all: [...existing.map((r) => r.id), ...made], created: made, u: at, state: data.state };
      });
      // From review, the first distribution starts the consultation (the chart checks the communities and the caller again).
      if (state === 'REVIEW') {
        const stateCaller = { userId: caller.userId, admin: caller.admin, capabilities: caller.capabilities, organizations: caller.orgs };
        await items.transition(
          author,
          consultationId,
          { event: 'consultation.distribute', u, caller: stateCaller },
          (current: ItemRecord) => {
            if (!canRead(ctx.caller, current)) throw unreadable(ctx.caller, current.id);
          },
        );
      }
      return { responses: all, created };
    }),
    // Every saved version of an agreement its reader may compare, oldest first.
    bindOperation(consultOperations.agreementVersions, async (ctx, _p, { agreementId }) => {
      const agreement = await readableRecord(ctx, agreementId);
      if (agreement.type !== 'Agreement') throw new OpError('invalidId', `${agreement.id} is not an agreement`);
      const res = await ctx.services.db.query<{ u: number; ts: Date | string; by_user: string | null; data: ItemData | string }>(
        'SELECT u, ts, by_user, data FROM consult_agreement_versions WHERE agreement_id = $1 ORDER BY u',
        [agreementId],
      );
      const versions: AgreementVersion[] = res.rows.map((r) => ({
        u: r.u,
        ts: new Date(r.ts).toISOString(),
        by: r.by_user,
        data: typeof r.data === 'string' ? (JSON.parse(r.data) as ItemData) : r.data,
      }));
      // The organisations each version names, and who saved it, by name as the reader may read them.
      const named = new Set<string>();
      for (const v of versions) {
        if (v.by) named.add(v.by);
        for (const id of [...relIds(v.data.owner), ...relIds(v.data.with)]) named.add(id);
      }
      const labels = await ctx.services.items.labels(ctx.caller, [...named]);
      return { versions, labels };
    }),
  ],
};

/** `data` without its null values (a new item states only what it has). */
function withoutNulls(data: ItemData): ItemData {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined));
}
