/**
 * The server's overlap report (overlapReport.ts): the active places (SpatialFeature) whose shape meets
 * an area or the buffer around it. Candidates come from the bounding-box index (`gb`, the box around
 * the area widened by the buffer) among every place, readable or not; turf then decides exactly
 * (@turf/boolean-intersects on the area, then on its buffer, @turf/buffer). Places the caller may
 * not read are counted by kind of place, never named, never drawn.
 */
import { booleanIntersects } from '@turf/boolean-intersects';
import { buffer } from '@turf/buffer';
import type { Feature, Geometry as TurfGeometry, MultiPolygon, Polygon } from 'geojson';
import type { Queryable } from '../../server/db/Database';
import { canRead } from '../../server/policy/policy';
import type { Caller } from '../../server/policy/Principal';
import { ITEM_COLUMNS, toRecord, type ItemRecord, type ItemRow } from '../../server/store/ItemRecord';
import { isGeometry, type Geometry } from '../../shared/geo/geometry';
import { itemTypes } from '../../shared/itemTypes';
import { bboxOf, relId } from './mapFeatures';
import { OVERLAP_MAX_CANDIDATES, OVERLAP_MAX_LISTED, type OverlapHit, type OverlapRelation, type OverlapReport } from './overlapReport';
import { ACTIVE } from './spatialRules';

/** What one report looks for. */
export interface OverlapQuestion {
  /** The area's shapes (an item may have several). */
  areas: readonly Geometry[];
  bufferM: number;
  /** SPL_TYPES keys; empty: every kind. */
  spatialTypes: readonly string[];
  /** Places not to report: the item whose area it is, when it is a place itself. */
  exclude?: readonly string[];
}

const METRES_PER_DEGREE = 111_320;

/** The box around every area, widened by the buffer (in degrees of longitude at the box's most polar edge). */
function searchBox(areas: readonly Geometry[], bufferM: number): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const area of areas) {
    const [aw, as, ae, an] = bboxOf(area);
    [w, s, e, n] = [Math.min(w, aw), Math.min(s, as), Math.max(e, ae), Math.max(n, an)];
  }
  const dLat = bufferM / METRES_PER_DEGREE;
  const polar = Math.min(89, Math.max(Math.abs(s - dLat), Math.abs(n + dLat)));
  const dLon = Math.min(180, bufferM / (METRES_PER_DEGREE * Math.cos((polar * Math.PI) / 180)));
  return [Math.max(-180, w - dLon), Math.max(-90, s - dLat), Math.min(180, e + dLon), Math.min(90, n + dLat)];
}

const asFeature = (geometry: Geometry): Feature => ({ type: 'Feature', properties: {}, geometry: geometry as TurfGeometry });

/** Whether a place's shape meets any area, or only a buffered one, or neither. */
function relationOf(place: Geometry, areas: readonly Feature[], buffered: readonly Feature[]): OverlapRelation | null {
  const shape = asFeature(place);
  if (areas.some((a) => booleanIntersects(a, shape))) return 'INTERSECTS';
  if (buffered.some((b) => booleanIntersects(b, shape))) return 'NEAR';
  return null;
}

/** The active places, readable or not, whose box meets `box`, of the kinds asked; at most `limit`. */
async function candidates(db: Queryable, box: readonly number[], spatialTypes: readonly string[], limit: number): Promise<ItemRecord[]> {
  const params: unknown[] = [...box, ACTIVE];
  const kinds = spatialTypes.length ? `AND i.data->>'spatialType' = ANY($${params.push([...spatialTypes])}::text[])` : '';
  const res = await db.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM items i
      WHERE i.type = 'SpatialFeature' AND i.deleted_at IS NULL AND i.data ? 'geometry'
        AND kk_geo_box(i.data -> 'geometry') && box(point($1, $2), point($3, $4))
        AND i.data->>'state' = $5 ${kinds}
      ORDER BY i.idx LIMIT ${limit}`,
    params,
  );
  return res.rows.map(toRecord);
}

/** The report of `question`, as `caller` may see it, dated `now`. */
export async function overlapReport(db: Queryable, caller: Caller, question: OverlapQuestion, now: Date): Promise<OverlapReport> {
  const { areas, bufferM, spatialTypes } = question;
  const report: OverlapReport = {
    at: now.toISOString(),
    bufferM,
    spatialTypes: [...spatialTypes],
    total: 0,
    hits: [],
    hidden: { count: 0, byType: {} },
  };
  if (areas.length === 0) return report;
  const found = await candidates(db, searchBox(areas, bufferM), spatialTypes, OVERLAP_MAX_CANDIDATES + 1);
  if (found.length > OVERLAP_MAX_CANDIDATES) {
    found.length = OVERLAP_MAX_CANDIDATES;
    report.cutShort = true;
  }
  const areaFeatures = areas.map(asFeature);
  const buffered =
    bufferM > 0
      ? areaFeatures.flatMap((a) => {
          const b = buffer(a as Feature<Polygon | MultiPolygon>, bufferM, { units: 'meters' });
          return b ? [b as Feature] : [];
        })
      : [];
  const hits: OverlapHit[] = [];
  for (const place of found) {
    const geometry = place.data.geometry;
    if (!isGeometry(geometry) || question.exclude?.includes(place.id)) continue;
    const relation = relationOf(geometry, areaFeatures, buffered);
    if (!relation) continue;
    report.total++;
    const spatialType = typeof place.data.spatialType === 'string' ? place.data.spatialType : null;
    if (canRead(caller, place)) hits.push({ id: place.id, label: place.label, spatialType, relation });
    else {
      report.hidden.count++;
      const kind = spatialType ?? '';
      report.hidden.byType[kind] = (report.hidden.byType[kind] ?? 0) + 1;
    }
  }
  hits.sort((a, b) => (a.relation === b.relation ? a.label.localeCompare(b.label) : a.relation === 'INTERSECTS' ? -1 : 1));
  report.hits = hits.slice(0, OVERLAP_MAX_LISTED);
  return report;
}

/** The shapes of an item's own GEO properties. */
export function shapesOf(record: ItemRecord): Geometry[] {
  const type = itemTypes.get(record.type);
  if (!type) return [];
  return Object.entries(type.properties).flatMap(([prop, def]) => {
    const value = record.data[prop];
    return def.kind === 'GEO' && isGeometry(value) ? [value] : [];
  });
}

/**
 * The area of an item for the report: its own shapes, or else those of the items its relations name
 * directly that the caller may read (a response's consultation and its project area).
 */
export async function areaOfItem(
  record: ItemRecord,
  caller: Caller,
  find: (id: string) => Promise<ItemRecord | null>,
): Promise<Geometry[]> {
  const own = shapesOf(record);
  if (own.length) return own;
  const type = itemTypes.get(record.type);
  if (!type) return [];
  const shapes: Geometry[] = [];
  for (const [prop, def] of Object.entries(type.properties)) {
    if (def.kind !== 'REL' || def.multiple) continue;
    const id = relId(record.data[prop]);
    const related = id ? await find(id) : null;
    if (related && !related.deletedAt && canRead(caller, related)) shapes.push(...shapesOf(related));
  }
  return shapes;
}
