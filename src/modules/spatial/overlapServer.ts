/**
 * The overlap report on the server: `act/spatialOverlap`, and the RWF_SPATIAL workflow step, which runs
 * the report on its item's area as the step becomes ACTIVE and keeps it on the step (so on the
 * response). Only holders of the Spatial capability ask: the report counts places they may not read,
 * and counts over many small areas would tell where those places are to anyone allowed to ask.
 */
import { bindOperation } from '../../server/ops/bindOperation';
import { signedInCaller } from '../../server/ops/signedInCaller';
import { OpError } from '../../server/OpError';
import { canRead } from '../../server/policy/policy';
import type { Caller } from '../../server/policy/Principal';
import { ITEM_COLUMNS, toRecord, type ItemRow } from '../../server/store/ItemRecord';
import type { StepBehaviour } from '../../server/workflow/StepBehaviour';
import type { Geometry } from '../../shared/geo/geometry';
import { areaOfItem, overlapReport } from './overlap';
import { overlapOperations } from './overlapOperations';
import { OVERLAP_DEFAULT_BUFFER_M, OVERLAP_MAX_BUFFER_M } from './overlapReport';
import { SPATIAL } from './spatialRules';

/** Whether the caller holds Spatial, on the site or in one of their organisations (administrators do). */
export const asksOverlap = (caller: Caller): boolean =>
  !!caller &&
  (caller.admin || caller.capabilities[SPATIAL] === true || Object.values(caller.orgs).some((rights) => rights[SPATIAL] === true));

/** The message key of a question with no area (neither a shape nor an item with one). */
export const NO_AREA = 'errors.overlap.noArea';

export const overlapOps = [
  bindOperation(overlapOperations.spatialOverlap, async (ctx, _p, body) => {
    const caller = signedInCaller(ctx);
    if (!asksOverlap(caller)) throw new OpError('notAllowed', 'Only holders of Spatial run the overlap report');
    if ((body.area === undefined) === (body.itemId === undefined))
      throw new OpError('validationFailed', 'Give an area or an item, one of them', { area: NO_AREA });
    let areas: Geometry[] = body.area !== undefined ? [body.area as Geometry] : [];
    if (body.itemId !== undefined) {
      const { items } = ctx.services;
      const record = await items.find(body.itemId);
      if (!record || record.deletedAt || !canRead(caller, record)) throw new OpError('notFound', `No item ${body.itemId}`);
      areas = await areaOfItem(record, caller, (id) => items.find(id));
      if (areas.length === 0) throw new OpError('validationFailed', `${body.itemId} has no shape`, { itemId: NO_AREA });
    }
    return overlapReport(
      ctx.services.db,
      caller,
      {
        areas,
        bufferM: body.bufferM ?? OVERLAP_DEFAULT_BUFFER_M,
        spatialTypes: body.spatialTypes ?? [],
        // A place checked is not reported as meeting itself.
        ...(body.itemId !== undefined ? { exclude: [body.itemId] } : {}),
      },
      new Date(),
    );
  }),
];

/** RWF_SPATIAL: the report on the item's area as the step opens, kept on the step; it cannot be done without one. */
export const spatialStepBehaviour: StepBehaviour = {
  kind: 'RWF_SPATIAL',
  async onActive({ tx, caller, item, step, now }) {
    // Read in the step's own transaction: the item's relations as this move sees them.
    const areas = await areaOfItem(item, caller, async (id) => {
      const res = await tx.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items i WHERE i.id = $1`, [id]);
      return res.rows[0] ? toRecord(res.rows[0]) : null;
    });
    if (areas.length === 0) return { props: { report: null } };
    const asked = step.props?.bufferM;
    const bufferM = typeof asked === 'number' ? Math.min(OVERLAP_MAX_BUFFER_M, Math.max(0, asked)) : OVERLAP_DEFAULT_BUFFER_M;
    const spatialTypes = Array.isArray(step.props?.spatialTypes)
      ? step.props.spatialTypes.filter((t): t is string => typeof t === 'string')
      : [];
    const report = await overlapReport(tx, caller, { areas, bufferM, spatialTypes }, now);
    // The counts read on the stepper; the whole report (names of the places the mover may read) beside them.
    const overlapping = report.hits.filter((h) => h.relation === 'INTERSECTS').length;
    return {
      props: { report, overlapping, nearby: report.hits.length - overlapping, hiddenPlaces: report.hidden.count },
    };
  },
  async completeRefusal({ step }) {
    return step.props?.report ? null : NO_AREA;
  },
};
