/**
 * Who reads and changes threads and their messages (docs/permissions.md "Rules of a module's
 * types"), each read rule in its single-item and SQL forms, which accept the same rows.
 */
import type { Caller } from '../../server/policy/Principal';
import type { SqlParam, TypeRule } from '../../server/policy/TypeRule';
import { isParticipant } from './conversationRules';

/** SQL: the row's `participants` name the caller's person record. */
const participantSql = (caller: NonNullable<Caller>, param: SqlParam): string =>
  caller.contactId ? `i.data->'participants' @> jsonb_build_array(jsonb_build_object('id', ${param(caller.contactId)}::text))` : 'FALSE';

/** The module's rules, one per type and action. */
export const conversationPermissions: readonly TypeRule[] = [
  // A thread: its participants' users, and as the generic rule says (who started it, the members of
  // its organisation at PROTECTED, its grantees; administrators read everything).
  {
    type: 'Thread',
    action: 'read',
    allow: (caller, item, generic) => generic || (!!caller && isParticipant(item.data, caller.contactId)),
    sql: (caller, generic, param) => (!caller || caller.admin ? generic : `(${generic} OR ${participantSql(caller, param)})`),
  },
  // Its participants change it (resolve it, add people) as its organisation's writers do.
  {
    type: 'Thread',
    action: 'update',
    allow: (caller, item, generic) => generic || (!!caller && isParticipant(item.data, caller.contactId)),
  },
  // A message: the readers of its thread when it was written, kept in step (its participants and
  // organisation are copied from the thread; whoever started the thread reads its messages too).
  {
    type: 'Message',
    action: 'read',
    allow: (caller, item, generic) =>
      generic || (!!caller && (isParticipant(item.data, caller.contactId) || item.data.threadBy === caller.userId)),
    sql: (caller, generic, param) =>
      !caller || caller.admin
        ? generic
        : `(${generic} OR ${participantSql(caller, param)} OR i.data->>'threadBy' = ${param(caller.userId)})`,
  },
  // Messages are written through act/conversationPost (or a reply by mail), never as a bare item:
  // the server fills in the thread's copies and the author.
  { type: 'Message', action: 'create', allow: () => false },
  // A message stays as it was written: administrators alone correct it (and its drupal fields).
  { type: 'Message', action: 'update', allow: (caller) => !!caller && caller.admin },
  { type: 'Message', action: 'delete', allow: (caller) => !!caller && caller.admin },
];
