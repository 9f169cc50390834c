import * as yup from 'yup';
import { defineOperation } from '../../shared/protocol/defineOperation';
import { closedObject, typedIdString } from '../../shared/protocol/requestSchemas';
import type { UserAccount } from '../../shared/modules/userAdmin';
import type { UserState } from './userState';

/** The organisations module's operations, shared by its browser and server sides. */
export const orgsOperations = {
  // Invites a contact to become a user, or sends a fresh link to one invited before.
  invite: defineOperation<{ userId: string; invited: true }>()({
    pattern: 'act/invite',
    params: {},
    signedIn: true,
    body: () => closedObject({ contactId: typedIdString('Contact').required('errors.required') }),
  }),
  // What the administrator's user panel shows: the account's rights, memberships and block.
  userAccount: defineOperation<UserAccount>()({
    pattern: 'act/userAccount',
    params: {},
    signedIn: true,
    body: () => closedObject({ userId: typedIdString('User').required('errors.required') }),
  }),
  // The contacts' account states, and when each user was last seen (ISO), for those the caller may invite.
  userStates: defineOperation<{ states: Record<string, UserState>; lastSeen: Record<string, string> }>()({
    pattern: 'act/userStates',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        contactIds: yup
          .array(typedIdString('Contact').required('errors.required'))
          .max(1000, 'errors.array.max')
          .required('errors.required'),
      }),
  }),
} as const;
