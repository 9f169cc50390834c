/** The User item's own part of its read screen: the user's sessions for themself, the administration for an administrator. */
import { useSelector } from '@xstate/react';
import { selectUser } from '../../../../machines/session/authSelectors';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { useActors } from '../../../client/session/useActors';
import { UserAdmin } from './UserAdmin';
import { UserSessions } from './UserSessions';

const selectMe = (s: Parameters<typeof selectUser>[0]): string | null => selectUser(s)?.$id ?? null;
const selectAdmin = (s: Parameters<typeof selectUser>[0]): boolean => selectUser(s)?.admin === true;

/** Sessions (own profile) or administration (an administrator looking at someone else). */
export function UserPanel({ item }: ItemPanelProps) {
  const { auth } = useActors();
  const me = useSelector(auth, selectMe);
  const admin = useSelector(auth, selectAdmin);
  if (me === item.$id) return <UserSessions userId={item.$id} />;
  if (!admin) return null;
  return <UserAdmin userId={item.$id} name={item.$labels?.[item.$id] ?? String(item.name ?? item.$id)} />;
}
