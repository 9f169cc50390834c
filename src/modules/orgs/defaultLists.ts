/**
 * The values the organisations module's required lists start with on every site (spec 001 §5: the comm-log type,
 * comm-log direction and meeting type lists are required), as a migration: a site started before them gets them too.
 */
import type { Migration } from '../../server/db/migrations/Migration';
import { defaultListsMigration } from '../../server/lov/defaultListsMigration';
import { ORG_LISTS } from './model';

/** List name to its starting values (key, English label); "Other" is the lists' own marker, never a value. */
export const DEFAULT_LIST_VALUES: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  [ORG_LISTS.commLogTypes]: [
    ['EMAIL', 'E-mail'],
    ['LETTER', 'Letter'],
    ['MEETING', 'Meeting'],
    ['PHONE', 'Phone call'],
    ['TEXT', 'Text message'],
  ],
  [ORG_LISTS.commLogDirections]: [
    ['INCOMING', 'Incoming'],
    ['OUTGOING', 'Outgoing'],
  ],
  [ORG_LISTS.meetingTypes]: [
    ['IN_PERSON', 'In person'],
    ['VIDEO', 'Video call'],
    ['PHONE', 'Phone call'],
    ['SITE_VISIT', 'Site visit'],
    ['COMMUNITY_MEETING', 'Community meeting'],
  ],
};

/** Site-wide starting values (src/server/lov/defaultListsMigration.ts). */
export const orgsDefaultLists: Migration = defaultListsMigration(1100, 'orgs: default values of the required lists', DEFAULT_LIST_VALUES);
