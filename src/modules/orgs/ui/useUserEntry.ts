/** What the module's actor knows of one user or contact, for a panel. */
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import {
  selectContactEntry,
  selectUserEntry,
  type ContactEntry,
  type OrgsAdminActorRef,
  type UserEntry,
} from '../../../../machines/orgs/orgsAdminMachine';

type Snapshot = ReturnType<OrgsAdminActorRef['getSnapshot']>;

/** The entry of user `userId` (stable until it changes). */
export function useUserEntry(orgs: OrgsAdminActorRef, userId: string): UserEntry {
  return useSelector(
    orgs,
    useCallback((s: Snapshot) => selectUserEntry(s, userId), [userId]),
  );
}

/** The entry of contact `contactId` (stable until it changes). */
export function useContactEntry(orgs: OrgsAdminActorRef, contactId: string): ContactEntry {
  return useSelector(
    orgs,
    useCallback((s: Snapshot) => selectContactEntry(s, contactId), [contactId]),
  );
}
