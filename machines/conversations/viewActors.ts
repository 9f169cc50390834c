/**
 * The statecharts the conversations module's views ask their cells to hold (`useCellViewActor`), by
 * the name the actor tree gives them: the module's part of machines/router/viewActorCatalogue.ts. The
 * app never imports this file (each view imports its own machine, in the module's lazy chunk); the
 * actor tree (`npm run actor-tree`) and test/machines/actorTree.test.ts read it.
 */
import { threadMachine } from './threadMachine';

export const VIEW_ACTORS = {
  /** One thread's messages, followed live, with the composer's sending and the read mark. */
  thread: threadMachine,
} as const;
