/**
 * The life of a spatial collection or feature (spec 001 §4 "Spatial features and collections"): a
 * new one is ACTIVE; it may be put back to DRAFT while it is being worked on, made ACTIVE again, and
 * ARCHIVED (hidden from results) or brought back. Only the server moves it, for whoever keeps it.
 */
import { setup } from 'xstate';
import { holdsInOwner, isAdmin, isCreator, type StateChartEvent } from '../../src/shared/items/stateCharts';
import { ORG_WRITE } from '../../src/shared/capabilities';

/**
 * Who keeps a collection or feature, and so moves its state: its author, a member of its owner
 * organisation holding `write` (who may change the organisation's items), or an administrator.
 */
export const keepsSpatial = (e: StateChartEvent): boolean => isAdmin(e) || isCreator(e) || holdsInOwner(e, ORG_WRITE);

/** ACTIVE ⇄ DRAFT; ACTIVE or DRAFT → ARCHIVED → ACTIVE. */
export const spatialStates = setup({
  types: { events: {} as StateChartEvent },
  guards: { keepsSpatial: ({ event }) => keepsSpatial(event) },
}).createMachine({
  id: 'spatialStates',
  initial: 'ACTIVE',
  states: {
    DRAFT: {
      on: {
        'spatial.activate': { target: 'ACTIVE', guard: 'keepsSpatial' },
        'spatial.archive': { target: 'ARCHIVED', guard: 'keepsSpatial' },
      },
    },
    ACTIVE: {
      on: {
        'spatial.draft': { target: 'DRAFT', guard: 'keepsSpatial' },
        'spatial.archive': { target: 'ARCHIVED', guard: 'keepsSpatial' },
      },
    },
    ARCHIVED: { on: { 'spatial.activate': { target: 'ACTIVE', guard: 'keepsSpatial' } } },
  },
});
