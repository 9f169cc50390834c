/**
 * Who reads, creates and changes the consultation module's items (docs/permissions.md "Rules of a
 * module's types"), each read rule in its single-item and SQL forms, which accept the same rows.
 */
import type { Caller } from '../../server/policy/Principal';
import type { ReadRule, TypeRule } from '../../server/policy/TypeRule';
import { CONSULT_RESPOND, CONSULT_SUBMIT, relIds } from './consultRules';

const responds = (caller: Caller): boolean => !!caller && caller.capabilities[CONSULT_RESPOND] === true;

/**
 * A community's response and its parts: the members of that community, the site's responders (who
 * distribute and follow them) and administrators; never anyone else, whatever the visibility or a
 * grant says, so one community never reads another's.
 */
const communityOnly = (type: string): ReadRule => ({
  type,
  action: 'read',
  allow: (caller, item) =>
    !!caller && (caller.admin || responds(caller) || (item.ownerOrg !== null && Object.hasOwn(caller.orgs, item.ownerOrg))),
  sql: (caller, _generic, param) => {
    if (!caller) return 'FALSE';
    if (caller.admin || responds(caller)) return 'TRUE';
    return `i.owner_org = ANY(${param(Object.keys(caller.orgs))}::text[])`;
  },
});

/** The states in which a consultation is the proponent's own still, or over: no one changes it then but as the rule says. */
const FINISHED = new Set(['CLOSED', 'WITHDRAWN']);

/** The module's rules, one per type and action. */
export const consultPermissions: readonly TypeRule[] = [
  // A consultation: as the generic rule says (its organisation's members at PROTECTED, its author...),
  // and also the site's responders once it is no longer a draft, and the members of the communities it
  // was distributed to.
  {
    type: 'Consultation',
    action: 'read',
    allow: (caller, item, generic) =>
      generic ||
      (!!caller &&
        ((responds(caller) && item.data.state !== 'DRAFT') || relIds(item.data.communities).some((id) => Object.hasOwn(caller.orgs, id)))),
    sql: (caller, generic, param) => {
      if (!caller) return generic;
      const responder = responds(caller) ? `COALESCE(i.data->>'state', '') <> 'DRAFT'` : 'FALSE';
      const community = `EXISTS (SELECT 1 FROM unnest(${param(Object.keys(caller.orgs))}::text[]) AS o(id)
        WHERE i.data->'communities' @> jsonb_build_array(jsonb_build_object('id', o.id)))`;
      return `(${generic} OR ${responder} OR ${community})`;
    },
  },
  // Proponents: writers for the organisation who hold the submit capability there or on the site.
  {
    type: 'Consultation',
    action: 'create',
    allow: (caller, ownerOrg, generic) =>
      generic &&
      !!caller &&
      (caller.admin ||
        caller.capabilities[CONSULT_SUBMIT] === true ||
        (ownerOrg !== null && caller.orgs[ownerOrg]?.[CONSULT_SUBMIT] === true)),
  },
  // A closed or withdrawn consultation is kept as it was (administrators may still correct it).
  {
    type: 'Consultation',
    action: 'update',
    allow: (caller, item, generic) => generic && !!caller && (caller.admin || !FINISHED.has(String(item.data.state))),
  },
  communityOnly('ConsultResponse'),
  communityOnly('ConsultResponseSection'),
  communityOnly('ConsultResponseConcern'),
  // The community's responders change its responses as its writers do.
  {
    type: 'ConsultResponse',
    action: 'update',
    allow: (caller, item, generic) =>
      generic || (!!caller && item.ownerOrg !== null && caller.orgs[item.ownerOrg]?.[CONSULT_RESPOND] === true),
  },
  // A disposition's areas (DispositionFeature) take no rule of their own, as dispositions take none: the
  // generic rule reads both, and an area is of its disposition's organisation (consultValidators.ts)
  // and PROTECTED like it unless someone sets it apart, so the same people read the two.
  // A project's area: as the generic rule says, and the site's responders, who read its consultation.
  {
    type: 'ConsultProjectFeature',
    action: 'read',
    allow: (caller, _item, generic) => generic || responds(caller),
    sql: (caller, generic) => (responds(caller) ? 'TRUE' : generic),
  },
];
