/** Connection health as the header and help menu show it (spec 000 §4): GOOD, WAIT or BAD. */
import type { SnapshotFrom } from 'xstate';
import type { connectionMachine } from './connectionMachine';

export type ConnectionHealth = 'GOOD' | 'WAIT' | 'BAD';

/** Health from a connection snapshot; a reconnect attempt stays BAD until its socket opens. */
export function selectHealth(snapshot: SnapshotFrom<typeof connectionMachine>): ConnectionHealth {
  if (snapshot.matches({ LIVE: { OPEN: 'GOOD' } })) return 'GOOD';
  if (snapshot.matches({ LIVE: { OPEN: 'WAIT' } })) return 'WAIT';
  // The server said it is restarting (1012): waiting for it, not lost, until an attempt fails.
  const lost = snapshot.context.restarting ? 'WAIT' : 'BAD';
  if (snapshot.matches('BAD')) return lost;
  return snapshot.context.lost ? lost : 'GOOD';
}

/** Whether the socket is open and authenticated, so requests go straight out on it. */
export const selectSocketReady = (snapshot: SnapshotFrom<typeof connectionMachine>): boolean =>
  snapshot.matches({ LIVE: 'OPEN' }) && snapshot.context.authed;
