/**
 * The statecharts the consultation module's views ask their cells to hold (`useCellViewActor`), by
 * the name the actor tree gives them: the module's part of machines/router/viewActorCatalogue.ts. The
 * app never imports this file (each view imports its own machine, in the module's lazy chunk); the
 * actor tree (`npm run actor-tree`) and test/machines/actorTree.test.ts read it.
 */
import { agreementVersionsMachine } from './agreementVersionsMachine';

export const VIEW_ACTORS = {
  /** An agreement's saved versions, loaded again whenever the agreement is saved. */
  agreementVersions: agreementVersionsMachine,
} as const;
