/** Shows the connection's health in the header when it is not GOOD, so a user knows why nothing updates. */
import { useSelector } from '@xstate/react';
import { selectHealth } from '../../../machines/session/connectionHealth';
import { selectTokenValid } from '../../../machines/session/authSelectors';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';
import { Icon } from './Icon';

/** The header's health mark (nothing while GOOD or signed out). */
export function ConnectionIndicator() {
  const t = useT();
  const { connection, auth } = useActors();
  const health = useSelector(connection, selectHealth);
  const signedIn = useSelector(auth, selectTokenValid);
  if (!signedIn || health === 'GOOD') return null;
  const label = t(`app.connection.${health}`);
  return (
    <span
      role="status"
      title={label}
      className={`flex items-center gap-1 rounded px-2 py-1 text-xs ${health === 'BAD' ? 'bg-red-700' : 'bg-amber-700'}`}
    >
      <Icon name={health === 'BAD' ? 'cloudOff' : 'hourglass'} className="h-4 w-4" />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </span>
  );
}
