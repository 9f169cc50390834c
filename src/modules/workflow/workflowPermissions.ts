/**
 * Who reads and keeps workflow templates (docs/permissions.md "Rules of a module's types"): their
 * organisation's members read them as the generic rule says, and so do those who run workflows on
 * the whole site; workflow admins keep them (on the site, or in the template's organisation).
 */
import type { Caller } from '../../server/policy/Principal';
import type { TypeRule } from '../../server/policy/TypeRule';
import { RESPONDER_WORKFLOW, WORKFLOW_ADMIN } from '../../../machines/workflow/stepGuards';

const runsSiteWide = (caller: Caller): boolean =>
  !!caller && (caller.capabilities[RESPONDER_WORKFLOW] === true || caller.capabilities[WORKFLOW_ADMIN] === true);

/** An administrator, a workflow admin of the site, or one of the organisation `org`. */
const keeps = (caller: Caller, org: string | null): boolean =>
  !!caller &&
  (caller.admin || caller.capabilities[WORKFLOW_ADMIN] === true || (org !== null && caller.orgs[org]?.[WORKFLOW_ADMIN] === true));

export const workflowPermissions: readonly TypeRule[] = [
  {
    type: 'Workflow',
    action: 'read',
    allow: (caller, _item, generic) => generic || runsSiteWide(caller),
    sql: (caller, generic) => (runsSiteWide(caller) ? 'TRUE' : generic),
  },
  { type: 'Workflow', action: 'create', allow: (caller, ownerOrg) => keeps(caller, ownerOrg) },
  { type: 'Workflow', action: 'update', allow: (caller, item) => keeps(caller, item.ownerOrg) },
  { type: 'Workflow', action: 'delete', allow: (caller, item) => keeps(caller, item.ownerOrg) },
];
