/**
 * The workflow module's schema: the starting values of its lists (as the consultation module's,
 * src/modules/consult/defaultLists.ts: site-wide, each with its 'created' event, a list that already
 * holds a value left as it is) and the index of the items running a workflow (the due-date look).
 */
import type { Migration } from '../../server/db/migrations/Migration';
import { defaultListsMigration } from '../../server/lov/defaultListsMigration';
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

/** Site-wide starting values (src/server/lov/defaultListsMigration.ts). */
export const workflowDefaultLists: Migration = defaultListsMigration(
  1500,
  'workflow: default values of its lists',
  WORKFLOW_DEFAULT_VALUES,
);

/** The items running a workflow, for the look for steps past their due date. */
export const workflowRunningIndex: Migration = {
  id: 1501,
  name: 'workflow: items running a workflow',
  sql: `CREATE INDEX workflow_running ON items (id) WHERE data ? '_wf.steps'`,
};
