/** Checks of the consultation module's items that need the database, run in every create and update's transaction. */
import type { FieldErrors } from '../../shared/items/itemSchema';
import type { Queryable } from '../../server/db/Database';
import type { ItemValidator } from '../../server/store/ItemStore';
import { relIds } from './consultRules';

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);

/** Whether `value` is a GeoJSON geometry: a known type with coordinates, or a collection of such. */
export function isGeometry(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const g = value as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  if (g.type === 'GeometryCollection')
    return depth === 0 && Array.isArray(g.geometries) && g.geometries.every((part) => isGeometry(part, depth + 1));
  return typeof g.type === 'string' && GEOMETRY_TYPES.has(g.type) && Array.isArray(g.coordinates) && g.coordinates.length > 0;
}

const touches = (changed: Set<string> | null, ...props: string[]): boolean => !changed || props.some((p) => changed.has(p));

/** The owner organisation `id` names, when it is an item of `type` not deleted. */
async function ownerOfParent(tx: Queryable, id: string | undefined, type: string): Promise<string | null | undefined> {
  if (!id) return undefined;
  const res = await tx.query<{ owner_org: string | null }>(
    'SELECT owner_org FROM items WHERE id = $1 AND type = $2 AND deleted_at IS NULL',
    [id, type],
  );
  return res.rows[0] ? res.rows[0].owner_org : undefined;
}

/**
 * Supporting contacts belong to one of the supporting organisations (errors.notInOrg), and need one
 * chosen (errors.chooseOrg, on the organisations as the core says it of the primary ones).
 */
const supportingContacts: ItemValidator = async (tx, { type, data, changed }): Promise<FieldErrors> => {
  if (type.name !== 'Consultation' || !touches(changed, 'supOrgs', 'supContacts')) return {};
  const contacts = relIds(data.supContacts);
  if (contacts.length === 0) return {};
  const orgs = new Set(Array.isArray(data.supOrgs) ? data.supOrgs.flatMap((row: { org?: unknown }) => relIds(row?.org)) : []);
  if (orgs.size === 0) return { supOrgs: 'errors.chooseOrg' };
  const res = await tx.query<{ id: string; related: unknown }>(
    `SELECT id, data->'_related' AS related FROM items WHERE id = ANY($1::text[])`,
    [contacts],
  );
  const related = new Map(res.rows.map((r) => [r.id, relIds(typeof r.related === 'string' ? JSON.parse(r.related) : r.related)]));
  return contacts.every((c) => (related.get(c) ?? []).some((o) => orgs.has(o))) ? {} : { supContacts: 'errors.notInOrg' };
};

/** A response's sections and concerns are its community's; a concern's section is of the same response. */
const responseParts: ItemValidator = async (tx, { type, data, ownerOrg, changed }) => {
  if (type.name !== 'ConsultResponseSection' && type.name !== 'ConsultResponseConcern') return {};
  const errors: FieldErrors = {};
  const response = relIds(data.response)[0];
  if (touches(changed, 'response', 'owner')) {
    const owner = await ownerOfParent(tx, response, 'ConsultResponse');
    if (owner === undefined) errors.response = 'errors.invalidValue';
    else if (owner !== ownerOrg) errors.owner = 'errors.consult.notResponseOwner';
  }
  const section = relIds(data.section)[0];
  if (type.name === 'ConsultResponseConcern' && section && touches(changed, 'section', 'response')) {
    const res = await tx.query<{ response: string | null }>(
      `SELECT data->'response'->>'id' AS response FROM items WHERE id = $1 AND type = 'ConsultResponseSection' AND deleted_at IS NULL`,
      [section],
    );
    if (res.rows[0]?.response !== response) errors.section = 'errors.invalidValue';
  }
  return errors;
};

/** The map features' types, and for those that are part of an item the relation naming it (its owner is theirs). */
const MAP_FEATURES: Readonly<Record<string, { prop: string; parent: string; error: string } | null>> = {
  ConsultProjectFeature: { prop: 'consultation', parent: 'Consultation', error: 'errors.consult.notConsultationOwner' },
  DispositionFeature: { prop: 'disposition', parent: 'Disposition', error: 'errors.consult.notDispositionOwner' },
  ConsultCommunityTerritory: null,
};

/** A project area is of its consultation's organisation, a disposition's area of its disposition's; geometries are GeoJSON. */
const mapFeatures: ItemValidator = async (tx, { type, data, ownerOrg, changed }) => {
  if (!Object.hasOwn(MAP_FEATURES, type.name)) return {};
  const errors: FieldErrors = {};
  if (touches(changed, 'geometry') && !isGeometry(data.geometry)) errors.geometry = 'errors.consult.geometry';
  const part = MAP_FEATURES[type.name];
  if (part && touches(changed, part.prop, 'owner')) {
    const owner = await ownerOfParent(tx, relIds(data[part.prop])[0], part.parent);
    if (owner === undefined) errors[part.prop] = 'errors.invalidValue';
    else if (owner !== ownerOrg) errors.owner = part.error;
  }
  return errors;
};

/** A consultation's project area, when given, is a GeoJSON geometry. */
const projectArea: ItemValidator = async (_tx, { type, data, changed }): Promise<FieldErrors> =>
  type.name === 'Consultation' && touches(changed, 'projectArea') && data.projectArea != null && !isGeometry(data.projectArea)
    ? { projectArea: 'errors.consult.geometry' }
    : {};

/** The module's validators. */
export const consultValidators: readonly ItemValidator[] = [supportingContacts, responseParts, mapFeatures, projectArea];
