/**
 * The workflow module's schema: the starting values of its lists (as the consultation module's,
 * src/modules/consult/defaultLists.ts: site-wide, each with its 'created' event, a list that already
 * holds a value left as it is) and the index of the items running a workflow (the due-date look).
 */
import type { Migration } from '../../server/db/migrations/Migration';
import { WORKFLOW_LISTS } from './workflowRules';

/** List name to its starting values (key, English label). RWF_OUTCOMES starts with the consultation module's. */
export const WORKFLOW_DEFAULT_VALUES: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  [WORKFLOW_LISTS.states]: [
    ['INTAKE', 'Intake'],
    ['REVIEW', 'Under review'],
    ['ENGAGEMENT', 'Talking with the proponent'],
    ['LETTER', 'Writing the letter'],
    ['DECIDED', 'Decided'],
  ],
  [WORKFLOW_LISTS.fieldworkStates]: [
    ['PLANNED', 'Planned'],
    ['IN_FIELD', 'In the field'],
    ['REPORTED', 'Reported'],
    ['INVOICED', 'Invoiced'],
  ],
};

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const rows = Object.entries(WORKFLOW_DEFAULT_VALUES)
  .flatMap(([list, values]) => values.map(([key, en]) => [list, key, en] as const))
  .map(([list, key, en], at) => `(${literal(list)}, ${literal(key)}, ${literal(en)}, ${at + 1})`)
  .join(',\n      ');

export const workflowDefaultLists: Migration = {
  id: 1500,
  name: 'workflow: default values of its lists',
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

/** The items running a workflow, for the look for steps past their due date. */
export const workflowRunningIndex: Migration = {
  id: 1501,
  name: 'workflow: items running a workflow',
  sql: `CREATE INDEX workflow_running ON items (id) WHERE data ? '_wf.steps'`,
};
