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
  /** Items whose own features, and the features of the items related to them, are wanted (spec 001 §7). */
  proxyIDs?: readonly string[];
  /** With `proxyIDs`: only features of items of these types (the proxies' own too); any type with a shape without it. */
  onlyProxyTypes?: readonly string[] | undefined;
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

/** The features of a readable item: a place is itself, any other item its shapes. */
function featuresOf(record: ItemRecord): MapFeature[] {
  if (record.type !== 'SpatialFeature') return featuresOfItem(record);
  const feature = featureOfPlace(record);
  return feature ? [feature] : [];
}

/** The registered types whose items have features: those with a GEO property. */
const typesWithShapes = (): string[] =>
  itemTypes
    .all()
    .filter((type) => Object.values(type.properties).some((def) => def.kind === 'GEO'))
    .map((type) => type.name);

/**
 * The readable, undeleted items of `type` matching `where` (a condition over `i` using `params`), in
 * id order, FEATURES_PER_PIECE rows a query; ARCHIVED places only with `includeExcluded`.
 */
async function* rowsWhere(
  db: Queryable,
  caller: Caller,
  type: string,
  where: string,
  values: readonly unknown[],
  includeExcluded: boolean,
): AsyncGenerator<ItemRecord[]> {
  let after = 0;
  for (;;) {
    const params: unknown[] = [...values, type];
    const typeParam = `$${params.length}`;
    const read = scopedReadPredicate(caller, params, [type]);
    params.push(after);
    const afterParam = `$${params.length}`;
    const state = includeExcluded || type !== 'SpatialFeature' ? '' : `AND i.data->>'state' IS DISTINCT FROM '${ARCHIVED}'`;
    const res = await db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM items i
        WHERE i.type = ${typeParam} AND i.deleted_at IS NULL AND ${where} ${state} AND ${read} AND i.idx > ${afterParam}
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
  const featuresWhere = async function* (type: string, where: string, values: readonly unknown[]): AsyncGenerator<MapFeature[]> {
    for await (const rows of rowsWhere(db, caller, type, where, values, request.includeExcluded)) {
      // The query's read condition is the policy's; each row is held to the policy's own answer too.
      yield* take(rows.filter((r) => canRead(caller, r)).flatMap(featuresOf));
    }
  };
  const placesOf = (where: string, values: readonly unknown[]) => featuresWhere('SpatialFeature', where, values);
  /** The features of a readable record asked for by its id. */
  const featuresOfAsked = async function* (record: ItemRecord): AsyncGenerator<MapFeature[]> {
    const id = record.id;
    if (record.type === 'SpatialCollection') yield* placesOf(`i.data->'collection'->>'id' = $1`, [id]);
    else if (record.type === 'GISCollection') yield* placesOf(`i.data->'importedVia'->>'id' = $1`, [id]);
    else if (record.type === 'SpatialFeature') {
      const feature = request.includeExcluded || !excluded(record) ? featureOfPlace(record) : null;
      if (feature) yield* take([feature]);
    } else yield* take(featuresOfItem(record));
  };
  const readable = async (id: string): Promise<ItemRecord | null> => {
    const record = await items.find(id);
    return record && !record.deletedAt && canRead(caller, record) ? record : null;
  };
  if (request.all) yield* placesOf('TRUE', []);
  for (const id of request.relatedIDs) {
    const record = await readable(id);
    if (record) yield* featuresOfAsked(record);
  }
  // Spec 001 §7: a proxy's own features and those of the items related to it (a relation of theirs
  // naming it), of `onlyProxyTypes` when given.
  const only = request.onlyProxyTypes;
  const shaped = typesWithShapes();
  const related = (only ?? shaped).filter((t) => shaped.includes(t));
  for (const id of request.proxyIDs ?? []) {
    const proxy = await readable(id);
    if (!proxy) continue;
    if (!only || only.includes(proxy.type)) yield* featuresOfAsked(proxy);
    for (const type of related) {
      for (const [prop, def] of Object.entries(itemTypes.get(type)?.properties ?? {})) {
        if (def.kind !== 'REL' || (def.relTypes && !def.relTypes.includes(proxy.type))) continue;
        const naming = JSON.stringify({ [prop]: def.multiple ? [{ id }] : { id } });
        yield* featuresWhere(type, `i.data @> $1::jsonb`, [naming]);
      }
    }
  }
  if (part.length > 0 || seen.size === 0) yield part;
}
