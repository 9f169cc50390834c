/**
 * The life of an agreement, which only the server moves: a draft is made active, an active one is
 * completed, and either is archived (and an archived one made active again). Whoever keeps it moves
 * it: its author, a writer for its organisation, an administrator.
 */
import { setup } from 'xstate';
import type { StateChartEvent } from '../../src/shared/items/stateCharts';
import { keepsAgreement } from './consultGuards';

/** DRAFT → ACTIVE → COMPLETE; ACTIVE or COMPLETE → ARCHIVE → ACTIVE. */
export const agreementStates = setup({
  types: { events: {} as StateChartEvent },
  guards: { keepsAgreement: ({ event }) => keepsAgreement(event) },
}).createMachine({
  id: 'agreementStates',
  initial: 'DRAFT',
  states: {
    DRAFT: { on: { 'agreement.activate': { target: 'ACTIVE', guard: 'keepsAgreement' } } },
    ACTIVE: {
      on: {
        'agreement.complete': { target: 'COMPLETE', guard: 'keepsAgreement' },
        'agreement.archive': { target: 'ARCHIVE', guard: 'keepsAgreement' },
      },
    },
    COMPLETE: { on: { 'agreement.archive': { target: 'ARCHIVE', guard: 'keepsAgreement' } } },
    ARCHIVE: { on: { 'agreement.activate': { target: 'ACTIVE', guard: 'keepsAgreement' } } },
  },
});
