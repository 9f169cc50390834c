/** The spatial module's names both sides use (spec 001 §3 Spatial, §4, §6, §9): lists, states, capability, file kinds. */
import type { NavUser } from '../../shared/modules/ModuleModel';

/** The capability of spec 001 §6 that opens the spatial section. */
export const SPATIAL = 'Spatial';

/** The organisation-owned list of kinds of place (spec 001 §3 "Lists of values owned by an organization"). */
export const SPL_TYPES = 'SPL_TYPES';

/** The states of collections and features (spec 001 §4): new ones ACTIVE, ARCHIVED hidden from results. */
export const SPATIAL_STATES = ['DRAFT', 'ACTIVE', 'ARCHIVED'] as const;
export type SpatialState = (typeof SPATIAL_STATES)[number];
/** The state searches and maps show unless asked for others. */
export const ACTIVE = 'ACTIVE';
export const ARCHIVED = 'ARCHIVED';

/** The kinds of GIS file a GISCollection may come from. */
export const GIS_KINDS = ['GEOJSON', 'SHAPEFILE', 'KML', 'GPX', 'CSV'] as const;
export type GisKind = (typeof GIS_KINDS)[number];

/** Spec 001 §9 "Data GIS feature count facet ranges": 0, 1, 2 or more. */
export const FEATURE_COUNT_RANGES: readonly (readonly [number | null, number | null])[] = [
  [0, 0],
  [1, 1],
  [2, null],
];

/** Whether `user` holds the Spatial capability on the whole site or in any of their organisations. */
export const holdsSpatial = (user: NavUser): boolean =>
  user.capabilities[SPATIAL] === true || Object.values(user.organizations).some((rights) => rights[SPATIAL] === true);
