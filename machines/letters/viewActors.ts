/**
 * The statecharts the letters module's views ask their cells to hold (`useCellViewActor`), by the name
 * the actor tree gives them: the module's part of machines/router/viewActorCatalogue.ts. The app never
 * imports this file (each view imports its own machine, in the module's lazy chunk); the actor tree
 * (`npm run actor-tree`) and test/machines/actorTree.test.ts read it.
 */
import { responseLettersMachine } from './responseLettersMachine';

export const VIEW_ACTORS = {
  /** A response's letters and templates, followed live, with the moves the server allows. */
  responseLetters: responseLettersMachine,
} as const;
