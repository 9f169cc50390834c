/**
 * The life of a response letter, which only the server moves (src/modules/letters/server.ts runs it
 * as the authority; the Letters panel asks it which buttons to offer). Whoever may change the
 * response (update on ConsultResponse, checked before the chart) writes and proposes a letter; a
 * second person approves it or sends it back (the proposer never approves their own); the proposer
 * may take a proposal back; an approved letter is sent, once.
 */
import { setup } from 'xstate';
import type { StateChartEvent } from '../../src/shared/items/stateCharts';
import { proposerOf } from '../../src/modules/letters/letterRules';

/** Whether the caller proposed the letter now under review. */
const isProposer = (e: StateChartEvent): boolean => !!e.caller && e.caller.userId === proposerOf(e.item.data);

/** DRAFT → PROPOSED → APPROVED → SENT; PROPOSED → SENT_BACK → PROPOSED; PROPOSED → DRAFT (taken back). */
export const letterStates = setup({
  types: { events: {} as StateChartEvent },
  guards: {
    signedIn: ({ event }) => !!event.caller,
    isProposer: ({ event }) => isProposer(event),
    isAnotherPerson: ({ event }) => !!event.caller && !isProposer(event),
  },
}).createMachine({
  id: 'letterStates',
  initial: 'DRAFT',
  states: {
    DRAFT: { on: { 'letter.propose': { target: 'PROPOSED', guard: 'signedIn' } } },
    PROPOSED: {
      on: {
        'letter.approve': { target: 'APPROVED', guard: 'isAnotherPerson' },
        'letter.sendBack': { target: 'SENT_BACK', guard: 'isAnotherPerson' },
        'letter.withdraw': { target: 'DRAFT', guard: 'isProposer' },
      },
    },
    SENT_BACK: { on: { 'letter.propose': { target: 'PROPOSED', guard: 'signedIn' } } },
    APPROVED: { on: { 'letter.send': { target: 'SENT', guard: 'signedIn' } } },
    SENT: {},
  },
});
