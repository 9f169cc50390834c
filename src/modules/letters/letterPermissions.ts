/**
 * Who reads and changes the letters module's items. Rights: update on the response's community's
 * ConsultResponse (spec 001 §6 "letters need update on ConsultResponse"). Letters change only through
 * the module's operations (src/modules/letters/server.ts), which check the right on the response
 * itself; the generic create and update refuse them, so nobody, administrators included, sets a
 * letter's state or signatures by hand.
 */
import { CONSULT_RESPOND_CAPABILITY } from './letterServerRules';
import { holdsListRight, installedListRights } from '../../server/policy/listRights';
import type { Caller } from '../../server/policy/Principal';
import type { ReadRule, TypeRule } from '../../server/policy/TypeRule';

const responds = (caller: Caller): boolean => !!caller && caller.capabilities[CONSULT_RESPOND_CAPABILITY] === true;

/** As a community's responses are read: its members, the site's responders and administrators. */
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

/** Whether `caller` may update the ConsultResponses of `ownerOrg`: who writes its letters and keeps its templates. */
export const writesLettersOf = (caller: Caller, ownerOrg: string | null): boolean =>
  holdsListRight(installedListRights(), caller, { action: 'update', type: 'ConsultResponse' }, ownerOrg);

/** The module's rules, one per type and action. */
export const lettersPermissions: readonly TypeRule[] = [
  communityOnly('LetterTemplate'),
  communityOnly('ResponseLetter'),
  { type: 'LetterTemplate', action: 'create', allow: (caller, ownerOrg) => writesLettersOf(caller, ownerOrg) },
  {
    type: 'LetterTemplate',
    action: 'update',
    allow: (caller, item, _generic, change) => {
      if (!writesLettersOf(caller, item.ownerOrg)) return false;
      // Moving a template to another organisation needs the right there too.
      const owner = change && Object.hasOwn(change, 'owner') ? (change.owner as { id?: unknown } | null)?.id : undefined;
      return typeof owner !== 'string' || owner === item.ownerOrg || writesLettersOf(caller, owner);
    },
  },
  { type: 'LetterTemplate', action: 'delete', allow: (caller, item) => writesLettersOf(caller, item.ownerOrg) },
  { type: 'ResponseLetter', action: 'create', allow: () => false },
  { type: 'ResponseLetter', action: 'update', allow: () => false },
  // A letter not yet approved may be thrown away by whoever writes the community's letters; an approved or sent one is kept.
  {
    type: 'ResponseLetter',
    action: 'delete',
    allow: (caller, item) => ['DRAFT', 'SENT_BACK'].includes(String(item.data.state)) && writesLettersOf(caller, item.ownerOrg),
  },
];
