/**
 * The statecharts the spatial module's views ask their cells to hold (`useCellViewActor`), by the
 * name the actor tree gives them: the module's part of machines/router/viewActorCatalogue.ts. The app
 * never imports this file (each view imports its own machine, in the module's lazy chunk).
 */
import { collectionActionsMachine } from './collectionActionsMachine';
import { featureSetMachine } from './featureSetMachine';

export const VIEW_ACTORS = {
  /** A set of map features (a collection's places, the whole map), streamed in pieces. */
  featureSet: featureSetMachine,
  /** A collection's export and "Import into this collection", offered as the server allows. */
  collectionActions: collectionActionsMachine,
} as const;
