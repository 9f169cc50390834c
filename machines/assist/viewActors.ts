/**
 * The statecharts the live-assist module's views ask their cells to hold (`useCellViewActor`), by
 * the name the actor tree gives them: the module's part of machines/router/viewActorCatalogue.ts. The
 * app never imports this file (each view imports its own machine, in the module's lazy chunk); the
 * actor tree (`npm run actor-tree`) and test/machines/actorTree.test.ts read it.
 */
import { agentConsoleMachine } from './agentConsoleMachine';
import { userRecordingsMachine } from './userRecordingsMachine';

export const VIEW_ACTORS = {
  /** The support agent's console: the waiting users, the joined user's live view, the consents. */
  agentConsole: agentConsoleMachine,
  /** A user's live-help recordings on her record, followed live. */
  userRecordings: userRecordingsMachine,
} as const;
