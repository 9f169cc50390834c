/**
 * The spatial module's server part (issue 17): who creates its items (holders of Spatial), the
 * feature count each GIS file keeps (a change hook), its list's starting values and indexes, the
 * streamed map features (act/streamFeatures) and the demo community's places. States move by the
 * chart machines/spatial/spatialStates.ts, which the core runs.
 */
import type { Queryable } from '../../server/db/Database';
import type { Migration } from '../../server/db/migrations/Migration';
import { defaultListsMigration } from '../../server/lov/defaultListsMigration';
import type { ModuleServer } from '../../server/modules/ModuleServer';
import { OpError } from '../../server/OpError';
import { bindOperation } from '../../server/ops/bindOperation';
import { answerInPieces } from '../../server/ops/pieces';
import { signedInCaller } from '../../server/ops/signedInCaller';
import type { Caller } from '../../server/policy/Principal';
import type { CreateRule, TypeRule } from '../../server/policy/TypeRule';
import { eventRecorder } from '../../server/store/eventRecorder';
import type { ItemRecord } from '../../server/store/ItemRecord';
import { ITEMS_CHANNEL, type Author, type ChangeHook } from '../../server/store/ItemStore';
import { itemTypes } from '../../shared/itemTypes';
import { collectionActionsOp } from './collectionActionsServer';
import { spatialDemo } from './demo';
import { featureParts } from './featureStream';
import { gisReader, spatialExportTask } from './gisImport';
import { relId } from './mapFeatures';
import { spatialOperations } from './operations';
import { overlapOps, spatialStepBehaviour } from './overlapServer';
import { SPATIAL, SPL_TYPES } from './spatialRules';

/** The kinds of place every site starts with (SPL_TYPES), key and English label. */
export const SPL_TYPE_DEFAULTS: ReadonlyArray<readonly [string, string]> = [
  ['HARVEST_SITE', 'Harvest site'],
  ['FISHING_SITE', 'Fishing site'],
  ['CULTURAL_SITE', 'Cultural site'],
  ['BURIAL_SITE', 'Burial site'],
  ['TRAIL', 'Trail'],
  ['CABIN', 'Cabin'],
  ['TERRITORY_BOUNDARY', 'Territory boundary'],
  ['WATER_BODY', 'Water body'],
  ['OTHER', 'Other'],
];

const spatialMigrations: readonly Migration[] = [
  defaultListsMigration(1700, 'spatial: default kinds of place', { [SPL_TYPES]: SPL_TYPE_DEFAULTS }),
  {
    id: 1701,
    name: 'spatial: places by collection and by GIS file',
    sql: `
    CREATE INDEX IF NOT EXISTS spatial_features_by_collection ON items ((data->'collection'->>'id'), idx) WHERE type = 'SpatialFeature';
    CREATE INDEX IF NOT EXISTS spatial_features_by_file ON items ((data->'importedVia'->>'id'), idx) WHERE type = 'SpatialFeature';
  `,
  },
];

/** Whether `caller` holds Spatial on the site or in `ownerOrg` (administrators do). */
export const holdsSpatialFor = (caller: Caller, ownerOrg: string | null): boolean =>
  !!caller && (caller.admin || caller.capabilities[SPATIAL] === true || (!!ownerOrg && caller.orgs[ownerOrg]?.[SPATIAL] === true));

/** Created by whoever the generic rule lets create the organisation's items and who holds Spatial. */
const spatialCreate = (type: string): CreateRule => ({
  type,
  action: 'create',
  allow: (caller, ownerOrg, generic) => generic && holdsSpatialFor(caller, ownerOrg),
});

/**
 * The module's rules: collections, places and GIS files are created by holders of Spatial (on the
 * site or in the owner organisation) among those who may create the organisation's items; reading,
 * changing and deleting follow the generic policy (visibility, owner organisation's writers, grants).
 */
export const spatialPermissions: readonly TypeRule[] = [
  spatialCreate('SpatialCollection'),
  spatialCreate('SpatialFeature'),
  spatialCreate('GISCollection'),
];

const SYSTEM: Author = { userId: null, masquerader: null };

/** Sets the GIS file's featureCount to the places read from it (undeleted, any state) when it differs: a new version. */
async function recount(tx: Queryable, fileId: string, ts: string): Promise<void> {
  const res = await tx.query<{ u: number; stored: unknown; n: number | string }>(
    `SELECT g.u, g.data->'featureCount' AS stored,
       (SELECT count(*) FROM items f WHERE f.type = 'SpatialFeature' AND f.deleted_at IS NULL AND f.data->'importedVia'->>'id' = g.id) AS n
       FROM items g WHERE g.id = $1 AND g.type = 'GISCollection' AND g.deleted_at IS NULL FOR UPDATE`,
    [fileId],
  );
  const row = res.rows[0];
  if (!row) return;
  const n = Number(row.n);
  if (row.stored === n) return;
  const u = row.u + 1;
  await tx.query(`UPDATE items SET data = jsonb_set(data, '{featureCount}', to_jsonb($2::int)), u = $3, updated_at = $4 WHERE id = $1`, [
    fileId,
    n,
    u,
    ts,
  ]);
  await eventRecorder.insert(tx, { kind: 'updated', context: fileId, u, changed: ['featureCount'] }, SYSTEM, ts);
  await tx.query('SELECT pg_notify($1, $2)', [ITEMS_CHANNEL, JSON.stringify({ id: fileId, u, kind: 'updated' })]);
}

const fileOf = (record: ItemRecord): string | null => (record.type === 'SpatialFeature' ? relId(record.data.importedVia) : null);

/**
 * Keeps each GIS file's featureCount: a place read from it created, deleted or changed recounts it.
 * Places created together (an import's batch) recount each file once for all of them.
 */
const keepFeatureCounts: ChangeHook = Object.assign(
  async (tx: Queryable, change: { kind: string }, record: ItemRecord, _author: Author, event: { ts: string }) => {
    if (change.kind === 'granted' || change.kind === 'revoked') return;
    const file = fileOf(record);
    if (file) await recount(tx, file, event.ts);
  },
  {
    created: async (tx: Queryable, records: readonly ItemRecord[]) => {
      const files = new Set(records.map(fileOf).filter((f): f is string => !!f));
      const ts = new Date().toISOString();
      for (const file of files) await recount(tx, file, ts);
      return async () => undefined;
    },
  },
);

export const spatialServer: ModuleServer = {
  name: 'spatial',
  permissions: spatialPermissions,
  changeHooks: [keepFeatureCounts],
  migrations: spatialMigrations,
  demo: spatialDemo,
  importReaders: [gisReader],
  taskKinds: [spatialExportTask],
  stepKinds: [spatialStepBehaviour],
  ops: [
    ...overlapOps,
    collectionActionsOp,
    // Spec 001 §7: the features of the ids asked for, only those the caller may read, in pieces.
    bindOperation(spatialOperations.streamFeatures, async (ctx, _p, { relatedIDs, includeExcluded, all, proxyIDs, onlyProxyTypes }) => {
      const caller = signedInCaller(ctx);
      const unknown = (onlyProxyTypes ?? []).findIndex((type) => itemTypes.get(type) === undefined);
      if (unknown >= 0)
        throw new OpError('validationFailed', `There is no item type ${onlyProxyTypes![unknown]}`, {
          [`onlyProxyTypes[${unknown}]`]: 'errors.unknownType',
        });
      const { db, items } = ctx.services;
      const request = {
        relatedIDs,
        includeExcluded: includeExcluded === true,
        all: all === true,
        proxyIDs: proxyIDs ?? [],
        onlyProxyTypes,
      };
      return answerInPieces(ctx, featureParts(db, items, caller, request));
    }),
  ],
};
