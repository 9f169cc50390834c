import type { Migration } from './Migration';

/**
 * `kk_geo_box(geometry)`: the bounding box of a GeoJSON geometry (any kind, collections included) as
 * a `box`, null when it has no position. Core PostgreSQL indexes boxes with GiST and answers `&&`
 * (overlaps) from the index, on both drivers, so the map's bounds filter needs no PostGIS: each
 * shape property gets `items_geo_{prop}` (src/server/search/propertyIndexes.ts), and the filter asks
 * `kk_geo_box(data -> prop) && box(...)` (docs/decisions.md, "Spatial queries").
 */
export const m015: Migration = {
  id: 15,
  name: 'bounding boxes of shapes',
  sql: `CREATE OR REPLACE FUNCTION kk_geo_box(g jsonb) RETURNS box
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT box(point(min((p ->> 0)::float8), min((p ->> 1)::float8)), point(max((p ->> 0)::float8), max((p ->> 1)::float8)))
      FROM jsonb_path_query(g, 'strict $.**') AS p
      WHERE jsonb_typeof(p) = 'array' AND jsonb_typeof(p -> 0) = 'number' AND jsonb_typeof(p -> 1) = 'number'
      HAVING count(*) > 0
    $$;`,
};
