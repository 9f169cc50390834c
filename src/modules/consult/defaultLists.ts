/**
 * The values the consultation module's lists start with on every site (spec 001 §3), as a migration
 * like the organisations module's (src/modules/orgs/defaultLists.ts): site-wide, visible to the
 * community, each with its 'created' event; a list that already holds a value is left as it is.
 */
import type { Migration } from '../../server/db/migrations/Migration';
import { CONSULT_LISTS } from './consultRules';

/** List name to its starting values (key, English label). */
export const CONSULT_DEFAULT_VALUES: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  [CONSULT_LISTS.regions]: [
    ['NORTH', 'North'],
    ['SOUTH', 'South'],
    ['EAST', 'East'],
    ['WEST', 'West'],
    ['COASTAL', 'Coastal'],
  ],
  [CONSULT_LISTS.streams]: [
    ['NOTIFICATION', 'Notification only'],
    ['NORMAL', 'Normal'],
    ['DEEP', 'Deep consultation'],
    ['EXPEDITED', 'Expedited'],
  ],
  [CONSULT_LISTS.projectTypes]: [
    ['FORESTRY', 'Forestry'],
    ['MINING', 'Mining and exploration'],
    ['OIL_GAS', 'Oil and gas'],
    ['ENERGY', 'Energy and transmission'],
    ['TRANSPORT', 'Roads and transport'],
    ['WATER', 'Water use'],
    ['LAND_USE', 'Land use planning'],
    ['TOURISM', 'Tourism and recreation'],
  ],
  [CONSULT_LISTS.problems]: [
    ['WILDLIFE', 'Wildlife and habitat'],
    ['WATER_QUALITY', 'Water quality'],
    ['CULTURAL_SITES', 'Cultural and heritage sites'],
    ['HARVESTING', 'Hunting, fishing and gathering'],
    ['ACCESS', 'Access to the land'],
    ['CUMULATIVE', 'Cumulative effects'],
  ],
  [CONSULT_LISTS.priorities]: [
    ['HIGH', 'High'],
    ['MEDIUM', 'Medium'],
    ['LOW', 'Low'],
  ],
  [CONSULT_LISTS.outcomes]: [
    ['SUPPORT', 'Support'],
    ['SUPPORT_CONDITIONS', 'Support with conditions'],
    ['OPPOSE', 'Oppose'],
    ['NO_POSITION', 'No position'],
  ],
  [CONSULT_LISTS.dispositionTypes]: [
    ['PERMIT', 'Permit'],
    ['LICENCE', 'Licence'],
    ['TENURE', 'Tenure'],
    ['ORDER', 'Order'],
  ],
};

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const rows = Object.entries(CONSULT_DEFAULT_VALUES)
  .flatMap(([list, values]) => values.map(([key, en]) => [list, key, en] as const))
  .map(([list, key, en], at) => `(${literal(list)}, ${literal(key)}, ${literal(en)}, ${at + 1})`)
  .join(',\n      ');

/** Numbered on from the LOVValue sequence as the item store numbers; runs once, so defaults archived later stay so. */
export const consultDefaultLists: Migration = {
  id: 1200,
  name: 'consult: default values of its lists',
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

/** Every saved version of an agreement (spec 001 §3 Agreement `_versions`): the core keeps only what changed. */
export const agreementVersionsTable: Migration = {
  id: 1201,
  name: 'consult: agreement versions',
  sql: `
    CREATE TABLE consult_agreement_versions (
      agreement_id text NOT NULL,
      u integer NOT NULL,
      ts timestamptz NOT NULL,
      by_user text,
      data jsonb NOT NULL,
      PRIMARY KEY (agreement_id, u)
    );
  `,
};
