/**
 * The life of a consultation, which only the server moves (docs/modules.md "States only the server
 * changes"). A proponent submits a draft; one found wanting (the parts a submission needs) goes to
 * INCOMPLETE, whose reasons the item shows, and is submitted again once complete. A responder takes a
 * submission into review (assigned) or lets it go (unassigned), returns it as incomplete, distributes
 * it to communities (act/consultDistribute records them; then the move to CONSULTING), marks it
 * responded and closes it. The proponent may withdraw it until it is closed.
 */
import { and, not, setup } from 'xstate';
import type { StateChartEvent } from '../../src/shared/items/stateCharts';
import { hasCommunities, isComplete, isProponent, isResponder } from './consultGuards';

/** DRAFT → SUBMITTED (or INCOMPLETE) → REVIEW → CONSULTING → RESPONDED → CLOSED; WITHDRAWN by the proponent. */
export const consultationStates = setup({
  types: { events: {} as StateChartEvent },
  guards: {
    isProponent: ({ event }) => isProponent(event),
    isResponder: ({ event }) => isResponder(event),
    isComplete: ({ event }) => isComplete(event),
    hasCommunities: ({ event }) => hasCommunities(event),
  },
}).createMachine({
  id: 'consultationStates',
  initial: 'DRAFT',
  states: {
    DRAFT: {
      on: {
        'consultation.submit': [
          { target: 'SUBMITTED', guard: and(['isProponent', 'isComplete']) },
          { target: 'INCOMPLETE', guard: and(['isProponent', not('isComplete')]) },
        ],
      },
    },
    INCOMPLETE: {
      on: {
        'consultation.submit': { target: 'SUBMITTED', guard: and(['isProponent', 'isComplete']) },
        'consultation.withdraw': { target: 'WITHDRAWN', guard: 'isProponent' },
      },
    },
    SUBMITTED: {
      on: {
        'consultation.assign': { target: 'REVIEW', guard: 'isResponder' },
        'consultation.withdraw': { target: 'WITHDRAWN', guard: 'isProponent' },
      },
    },
    REVIEW: {
      on: {
        'consultation.unassign': { target: 'SUBMITTED', guard: 'isResponder' },
        'consultation.return': { target: 'INCOMPLETE', guard: 'isResponder' },
        'consultation.distribute': { target: 'CONSULTING', guard: and(['isResponder', 'hasCommunities']) },
        'consultation.withdraw': { target: 'WITHDRAWN', guard: 'isProponent' },
      },
    },
    CONSULTING: {
      on: {
        'consultation.respond': { target: 'RESPONDED', guard: 'isResponder' },
        'consultation.close': { target: 'CLOSED', guard: 'isResponder' },
        'consultation.withdraw': { target: 'WITHDRAWN', guard: 'isProponent' },
      },
    },
    RESPONDED: {
      on: {
        'consultation.reopen': { target: 'CONSULTING', guard: 'isResponder' },
        'consultation.close': { target: 'CLOSED', guard: 'isResponder' },
      },
    },
    CLOSED: {},
    WITHDRAWN: {},
  },
});
