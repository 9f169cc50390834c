/**
 * A migration that gives lists of values their starting values on every site (a site started before
 * them gets them too): site-wide (no owner), visible to the community, each with its 'created' event,
 * numbered on from the LOVValue sequence as the item store numbers. A list that holds any value already
 * (an administrator's own) is left as it is, and since a migration runs once, defaults archived or
 * deleted later stay so.
 */
import type { Migration } from '../db/migrations/Migration';

/** List name to its starting values (key, English label). */
export type DefaultListValues = Readonly<Record<string, ReadonlyArray<readonly [string, string]>>>;

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** The migration `id`, `name` writing `values`. */
export function defaultListsMigration(id: number, name: string, values: DefaultListValues): Migration {
  const rows = Object.entries(values)
    .flatMap(([list, entries]) => entries.map(([key, en]) => [list, key, en] as const))
    .map(([list, key, en], at) => `(${literal(list)}, ${literal(key)}, ${literal(en)}, ${at + 1})`)
    .join(',\n      ');
  return {
    id,
    name,
    sql: `
    INSERT INTO type_sequences (type, last_index) VALUES ('LOVValue', 0) ON CONFLICT (type) DO NOTHING;
    WITH wanted AS (
      SELECT d.list, d.key, d.en, row_number() OVER (ORDER BY d.ord) AS n
      FROM (VALUES
      ${rows}
      ) AS d (list, key, en, ord)
      WHERE NOT EXISTS (SELECT 1 FROM items i WHERE i.type = 'LOVValue' AND i.data->>'list' = d.list)
    ),
    base AS (SELECT last_index FROM type_sequences WHERE type = 'LOVValue'),
    made AS (
      INSERT INTO items (id, type, idx, u, data, label, access, owner_org, created_at, created_by, updated_at)
      SELECT 'LOVValue-' || (base.last_index + w.n), 'LOVValue', base.last_index + w.n, 1,
        jsonb_build_object('list', w.list, 'key', w.key, 't', jsonb_build_object('en', w.en), 'state', 'ACTIVE'),
        w.en, 'COMMUNITY', NULL, now(), NULL, now()
      FROM wanted w CROSS JOIN base
      RETURNING id
    ),
    told AS (
      INSERT INTO events (item_id, kind, u, ts, changed)
      SELECT id, 'created', 1, now(), ARRAY['list', 'key', 't', 'state'] FROM made
    )
    UPDATE type_sequences SET last_index = last_index + (SELECT count(*) FROM wanted) WHERE type = 'LOVValue';
  `,
  };
}
