/**
 * The life of one community's response to a consultation, which only the server moves. Distribution
 * makes it a DRAFT: the community has it and has not decided. It answers that it will respond
 * (PENDING, with an anticipated date: overdue once that passes), that it will not (NOT_SELECTED), or
 * that the answer went outside the system (OFFLINE); a pending one is RESPONDED, or closed as
 * NO_RESPONSE. A decided response may be taken up again (PENDING).
 */
import { setup } from 'xstate';
import type { StateChartEvent } from '../../src/shared/items/stateCharts';
import { answersForCommunity } from './consultGuards';

/** DRAFT → PENDING → RESPONDED, or NOT_SELECTED, OFFLINE, NO_RESPONSE; taken up again as PENDING. */
export const consultResponseStates = setup({
  types: { events: {} as StateChartEvent },
  guards: {
    answersForCommunity: ({ event }) => answersForCommunity(event),
  },
}).createMachine({
  id: 'consultResponseStates',
  initial: 'DRAFT',
  states: {
    DRAFT: {
      on: {
        'response.select': { target: 'PENDING', guard: 'answersForCommunity' },
        'response.decline': { target: 'NOT_SELECTED', guard: 'answersForCommunity' },
        'response.offline': { target: 'OFFLINE', guard: 'answersForCommunity' },
      },
    },
    PENDING: {
      on: {
        'response.respond': { target: 'RESPONDED', guard: 'answersForCommunity' },
        'response.offline': { target: 'OFFLINE', guard: 'answersForCommunity' },
        'response.noResponse': { target: 'NO_RESPONSE', guard: 'answersForCommunity' },
        'response.decline': { target: 'NOT_SELECTED', guard: 'answersForCommunity' },
      },
    },
    NOT_SELECTED: { on: { 'response.reopen': { target: 'PENDING', guard: 'answersForCommunity' } } },
    RESPONDED: { on: { 'response.reopen': { target: 'PENDING', guard: 'answersForCommunity' } } },
    OFFLINE: { on: { 'response.reopen': { target: 'PENDING', guard: 'answersForCommunity' } } },
    NO_RESPONSE: { on: { 'response.reopen': { target: 'PENDING', guard: 'answersForCommunity' } } },
  },
});
