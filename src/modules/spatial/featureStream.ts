/**
 * The server's reading of map features (act/streamFeatures, spec 001 §7): the places of a collection
 * or a GIS file, read FEATURES_PER_PIECE at a time in id order with the core's read condition in the
 * query, and each row checked again with the core's read permission before it becomes a feature, so
 * a place the caller may not read never leaves the server. ARCHIVED places only when asked.
 */
import type { Queryable } from '../../server/db/Database';
import { canRead, scopedReadPredicate } from '../../server/policy/policy';
import type { Caller } from '../../server/policy/Principal';
import { ITEM_COLUMNS, toRecord, type ItemRecord, type ItemRow } from '../../server/store/ItemRecord';
import type { ItemStore } from '../../server/store/ItemStore';
import { isGeometry } from '../../shared/geo/geometry';
import { itemTypes } from '../../shared/itemTypes';
import { bboxOf, FEATURES_PER_PIECE, relId, type MapFeature } from './mapFeatures';
import { ARCHIVED } from './spatialRules';

/** What one request asks for. */
export interface FeatureRequest {
  relatedIDs: readonly string[];
  includeExcluded: boolean;
  /** Every place the caller may read. */
  all: boolean;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A SpatialFeature as drawn: itself, in its collection; null without a geometry. */
export function featureOfPlace(record: ItemRecord): MapFeature | null {
  const geometry = record.data.geometry;
  if (!isGeometry(geometry)) return null;
  const collection = relId(record.data.collection);
  const spatialType = text(record.data.spatialType);
  const state = text(record.data.state);
  return {
    $id: record.id,
    bbox: bboxOf(geometry),
    rel: record.id,
    properties: { label: record.label, type: record.type, ...(spatialType ? { spatialType } : {}), ...(state ? { state } : {}) },
    geometry,
    ...(collection ? { collection } : {}),
  };
}

/** Each GEO property of an item of another type that holds a geometry, as a feature standing for the item. */
export function featuresOfItem(record: ItemRecord): MapFeature[] {
  const type = itemTypes.get(record.type);
  if (!type) return [];
  return Object.entries(type.properties).flatMap(([prop, def]) => {
    const geometry = record.data[prop];
    if (def.kind !== 'GEO' || !isGeometry(geometry)) return [];
    return [
      {
        $id: `${record.id}:${prop}`,
        bbox: bboxOf(geometry),
        proxy: record.id,
        rel: record.id,
        properties: { label: record.label, type: record.type },
        geometry,
      },
    ];
  });
}

/** Whether a place's state keeps it off the map unless excluded ones are asked for. */
const excluded = (record: ItemRecord): boolean => record.data.state === ARCHIVED;

/**
 * The readable, undeleted places matching `where` (a condition over `i` using `params`), in id order,
 * FEATURES_PER_PIECE rows a query; ARCHIVED ones only with `includeExcluded`.
 */
async function* placesWhere(
  db: Queryable,
  caller: Caller,
  where: string,
  values: readonly unknown[],
  includeExcluded: boolean,
): AsyncGenerator<ItemRecord[]> {
  let after = 0;
  for (;;) {
    const params: unknown[] = [...values];
    const read = scopedReadPredicate(caller, params, ['SpatialFeature']);
    params.push(after);
    const afterParam = `$${params.length}`;
    const state = includeExcluded ? '' : `AND i.data->>'state' IS DISTINCT FROM '${ARCHIVED}'`;
    const res = await db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM items i
        WHERE i.type = 'SpatialFeature' AND i.deleted_at IS NULL AND ${where} ${state} AND ${read} AND i.idx > ${afterParam}
        ORDER BY i.idx LIMIT ${FEATURES_PER_PIECE}`,
      params,
    );
    if (res.rows.length === 0) return;
    const records = res.rows.map(toRecord);
    after = records[records.length - 1]!.idx;
    yield records;
    if (res.rows.length < FEATURES_PER_PIECE) return;
  }
}

/**
 * The features a request names, in parts of at most FEATURES_PER_PIECE: each id in turn (an id the
 * caller may not read, or of no kind that has features, gives none), a feature given once.
 */
export async function* featureParts(
  db: Queryable,
  items: ItemStore,
  caller: Caller,
  request: FeatureRequest,
): AsyncGenerator<MapFeature[]> {
  const seen = new Set<string>();
  let part: MapFeature[] = [];
  const take = function* (features: readonly MapFeature[]): Generator<MapFeature[]> {
    for (const f of features) {
      if (seen.has(f.$id)) continue;
      seen.add(f.$id);
      part.push(f);
      if (part.length === FEATURES_PER_PIECE) {
        yield part;
        part = [];
      }
    }
  };
  const placesOf = async function* (where: string, values: readonly unknown[]): AsyncGenerator<MapFeature[]> {
    for await (const rows of placesWhere(db, caller, where, values, request.includeExcluded)) {
      // The query's read condition is the policy's; each row is held to the policy's own answer too.
      yield* take(rows.filter((r) => canRead(caller, r)).flatMap((r) => featureOfPlace(r) ?? []));
    }
  };
  if (request.all) yield* placesOf('TRUE', []);
  for (const id of request.relatedIDs) {
    const record = await items.find(id);
    if (!record || record.deletedAt || !canRead(caller, record)) continue;
    if (record.type === 'SpatialCollection') yield* placesOf(`i.data->'collection'->>'id' = $1`, [id]);
    else if (record.type === 'GISCollection') yield* placesOf(`i.data->'importedVia'->>'id' = $1`, [id]);
    else if (record.type === 'SpatialFeature') {
      const feature = request.includeExcluded || !excluded(record) ? featureOfPlace(record) : null;
      if (feature) yield* take([feature]);
    } else yield* take(featuresOfItem(record));
  }
  if (part.length > 0 || seen.size === 0) yield part;
}
