/** The root session actor for the React tree; components reach its children through `useActors`. */
import { createContext, useContext, type ReactNode } from 'react';
import type { SessionActorRef } from '../../../machines/systemIds';

const SessionContext = createContext<SessionActorRef | null>(null);

/** Provides the running session actor. */
export function SessionProvider({ session, children }: { session: SessionActorRef; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The root session actor. */
export function useSession(): SessionActorRef {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
