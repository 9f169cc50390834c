/**
 * The spatial module's demo data: the demo community's places around its territory in central
 * Saskatchewan (inside the site's default bounds, spec 000 §9), in four collections — the territory
 * boundary, harvest sites, a trapline trail with its cabins, and cultural sites (one archived, so the
 * lists and the map show only what is active). Thirty places of believable shape.
 */
import type { DemoSeed } from '../../server/modules/ModuleServer';
import { eventRecorder } from '../../server/store/eventRecorder';
import { ITEMS_CHANNEL, type Author } from '../../server/store/ItemStore';
import { transitionKind } from '../../shared/events/EventKindDef';
import type { Geometry } from '../../shared/geo/geometry';
import type { ItemData } from '../../shared/items/types';

const point = (lon: number, lat: number): Geometry => ({ type: 'Point', coordinates: [lon, lat] });

/** The territory's boundary: a lake-country outline, closed. */
const TERRITORY: Geometry = {
  type: 'Polygon',
  coordinates: [
    [
      [-107.21, 54.02],
      [-106.78, 53.94],
      [-106.31, 53.97],
      [-105.92, 54.08],
      [-105.81, 54.31],
      [-105.88, 54.57],
      [-106.12, 54.78],
      [-106.55, 54.83],
      [-106.96, 54.74],
      [-107.18, 54.52],
      [-107.29, 54.26],
      [-107.21, 54.02],
    ],
  ],
};

/** The winter trapline, from the village north along the river to the lake. */
const TRAPLINE: Geometry = {
  type: 'LineString',
  coordinates: [
    [-106.52, 54.12],
    [-106.49, 54.18],
    [-106.43, 54.23],
    [-106.41, 54.3],
    [-106.36, 54.36],
    [-106.33, 54.43],
    [-106.27, 54.49],
    [-106.21, 54.53],
  ],
};

/** The portage between the two lakes. */
const PORTAGE: Geometry = {
  type: 'LineString',
  coordinates: [
    [-106.88, 54.41],
    [-106.84, 54.43],
    [-106.79, 54.44],
    [-106.75, 54.47],
  ],
};

/** Sandy Lake: a water body the community watches. */
const SANDY_LAKE: Geometry = {
  type: 'Polygon',
  coordinates: [
    [
      [-106.71, 54.58],
      [-106.62, 54.56],
      [-106.55, 54.6],
      [-106.58, 54.66],
      [-106.67, 54.67],
      [-106.73, 54.63],
      [-106.71, 54.58],
    ],
  ],
};

/** Name, kind (SPL_TYPES), collection key, geometry, and whether it is archived. */
type Place = readonly [string, string, string, Geometry, boolean?];

const PLACES: readonly Place[] = [
  ['Lakeview traditional territory', 'TERRITORY_BOUNDARY', 'territory', TERRITORY],
  ['Sandy Lake', 'WATER_BODY', 'territory', SANDY_LAKE],
  ['Blueberry flats', 'HARVEST_SITE', 'harvest', point(-106.62, 54.21)],
  ['Cranberry bog by the old road', 'HARVEST_SITE', 'harvest', point(-106.71, 54.25)],
  ['Moose lick at Willow Creek', 'HARVEST_SITE', 'harvest', point(-106.95, 54.33)],
  ['Wild rice bay', 'HARVEST_SITE', 'harvest', point(-106.58, 54.47)],
  ['Birch bark stand', 'HARVEST_SITE', 'harvest', point(-106.83, 54.18)],
  ['Labrador tea muskeg', 'HARVEST_SITE', 'harvest', point(-106.4, 54.15)],
  ['Fall fish camp at the narrows', 'FISHING_SITE', 'harvest', point(-106.3, 54.51)],
  ['Whitefish spawning shoal', 'FISHING_SITE', 'harvest', point(-106.64, 54.62)],
  ['Pickerel rapids', 'FISHING_SITE', 'harvest', point(-106.45, 54.38)],
  ['Spruce gum ridge', 'HARVEST_SITE', 'harvest', point(-107.05, 54.45)],
  ['Rat root patch', 'HARVEST_SITE', 'harvest', point(-106.99, 54.12)],
  ['Duck blind at Reed Lake', 'HARVEST_SITE', 'harvest', point(-106.22, 54.26)],
  ['Winter trapline', 'TRAIL', 'trapline', TRAPLINE],
  ['Two Lakes portage', 'TRAIL', 'trapline', PORTAGE],
  ['Trapline cabin at mile 6', 'CABIN', 'trapline', point(-106.43, 54.23)],
  ['Trapline cabin at the lake', 'CABIN', 'trapline', point(-106.22, 54.52)],
  ['Old Moostoos cabin', 'CABIN', 'trapline', point(-106.36, 54.36)],
  ['Spring camp on the point', 'CABIN', 'trapline', point(-106.77, 54.44)],
  ['Sweat lodge grounds', 'CULTURAL_SITE', 'cultural', point(-106.55, 54.14)],
  ['Gathering place at Sandy Lake', 'CULTURAL_SITE', 'cultural', point(-106.6, 54.57)],
  ['Pictographs on the cliff', 'CULTURAL_SITE', 'cultural', point(-106.17, 54.44)],
  ['Old village site', 'CULTURAL_SITE', 'cultural', point(-106.86, 54.29)],
  ['Grandmother rock', 'CULTURAL_SITE', 'cultural', point(-107.1, 54.37)],
  ['Family graves by the river', 'BURIAL_SITE', 'cultural', point(-106.48, 54.19)],
  ['Hill where the treaty was read', 'CULTURAL_SITE', 'cultural', point(-106.34, 54.08)],
  ['Medicine hollow', 'CULTURAL_SITE', 'cultural', point(-106.91, 54.58)],
  ['Dance ground by the school', 'CULTURAL_SITE', 'cultural', point(-106.52, 54.11)],
  ['Old mission landing', 'CULTURAL_SITE', 'cultural', point(-106.27, 54.16), true],
];

/** The collections: key, name, kind, description. */
const COLLECTIONS = [
  ['territory', 'Territory and waters', 'TERRITORY_BOUNDARY', '<p>The boundary of the traditional territory and the waters within it.</p>'],
  ['harvest', 'Harvest sites', 'HARVEST_SITE', '<p>Where families pick, hunt and fish through the seasons.</p>'],
  ['trapline', 'Trapline and cabins', 'TRAIL', '<p>The winter trapline, its portage and the cabins along it.</p>'],
  ['cultural', 'Cultural sites', 'CULTURAL_SITE', '<p>Places of ceremony, history and burial. Shared with community members only.</p>'],
] as const;

/** Writes the demo community's collections and places (the state of the archived one straight to ARCHIVED, as its chart's archive would). */
export async function spatialDemo({ tx, items, adminId, organizations }: DemoSeed): Promise<void> {
  const author: Author = { userId: adminId, masquerader: null };
  const opts = { admin: true, tx };
  const owner = { id: organizations.community };
  const collections = new Map<string, string>();
  for (const [key, label, spatialType, description] of COLLECTIONS) {
    const made = await items.create(author, 'SpatialCollection', { label, spatialType, description, owner }, opts);
    collections.set(key, made.id);
  }
  for (const [label, spatialType, key, geometry, archived] of PLACES) {
    const body: ItemData = { label, spatialType, geometry, owner, collection: { id: collections.get(key)! } };
    const made = await items.create(author, 'SpatialFeature', body, opts);
    if (archived) {
      // Archived as the chart's `spatial.archive` would (ItemStore.transition runs a transaction of its own).
      const ts = new Date().toISOString();
      const u = made.u + 1;
      await tx.query(`UPDATE items SET data = jsonb_set(data, '{state}', '"ARCHIVED"'), u = $2, updated_at = $3 WHERE id = $1`, [
        made.id,
        u,
        ts,
      ]);
      await eventRecorder.insert(
        tx,
        { kind: transitionKind('spatial.archive'), context: made.id, u, changed: ['state'], from: 'ACTIVE', to: 'ARCHIVED' },
        author,
        ts,
      );
      await tx.query('SELECT pg_notify($1, $2)', [ITEMS_CHANNEL, JSON.stringify({ id: made.id, u, kind: 'updated' })]);
    }
  }
}
