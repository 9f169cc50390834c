/**
 * The values the consultation module's lists start with on every site (spec 001 §3), as a migration
 * like the organisations module's (src/modules/orgs/defaultLists.ts): site-wide, visible to the
 * community, each with its 'created' event; a list that already holds a value is left as it is.
 */
import type { Migration } from '../../server/db/migrations/Migration';
import { defaultListsMigration } from '../../server/lov/defaultListsMigration';
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

/** Site-wide starting values (src/server/lov/defaultListsMigration.ts); runs once, so defaults archived later stay so. */
export const consultDefaultLists: Migration = defaultListsMigration(1200, 'consult: default values of its lists', CONSULT_DEFAULT_VALUES);

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
