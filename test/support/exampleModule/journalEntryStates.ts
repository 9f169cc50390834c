/**
 * The life of a journal entry, which only the server moves (docs/modules.md "States only the server
 * changes"): its author submits a draft and may withdraw it while it waits; holders of Research (and
 * administrators) publish it. Like any module's chart it imports only xstate and src/shared.
 */
import { setup } from 'xstate';
import { holdsCapability, isCreator, type StateChartEvent } from '../../../src/shared/items/stateCharts';

/** The entry's states, in the order they are lived. */
export const JOURNAL_ENTRY_STATES = ['DRAFT', 'SUBMITTED', 'PUBLISHED', 'WITHDRAWN'] as const;

/** DRAFT -> SUBMITTED -> PUBLISHED, or SUBMITTED -> WITHDRAWN by its author. */
export const journalEntryStates = setup({
  types: { events: {} as StateChartEvent },
  guards: {
    isAuthor: ({ event }) => isCreator(event),
    mayPublish: ({ event }) => holdsCapability(event, 'Research'),
  },
}).createMachine({
  id: 'journalEntryStates',
  initial: 'DRAFT',
  states: {
    DRAFT: { on: { 'entry.submit': { target: 'SUBMITTED', guard: 'isAuthor' } } },
    SUBMITTED: {
      on: {
        'entry.publish': { target: 'PUBLISHED', guard: 'mayPublish' },
        'entry.withdraw': { target: 'WITHDRAWN', guard: 'isAuthor' },
      },
    },
    PUBLISHED: {},
    WITHDRAWN: {},
  },
});
