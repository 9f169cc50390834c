import type { AnyMachineSnapshot } from 'xstate';
import { cardMachine, type CardContext } from '../../../machines/dashboard/cardMachine';
import type { CardDef } from '../../../src/shared/dashboard/CardDef';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const CALENDAR: CardDef = {
  key: 'journal.calendar',
  title: 'dashboard.journal.calendar',
  size: 'TWO_THIRDS',
  kind: 'calendar',
  type: 'JournalEntry',
  dateProperty: 'date',
};
const LIST: CardDef = { key: 'journal.recent', title: 'dashboard.journal.recent', size: 'THIRD', kind: 'list', type: 'JournalEntry' };
const ENTRY = {
  $id: 'JournalEntry-1',
  _t: 'JournalEntry',
  _i: 1,
  _u: 1,
  _c: { ts: '2026-05-01T10:00:00Z', by: null },
  $access: 'PUBLIC',
  $labels: {},
};
const HITS = { ids: ['JournalEntry-1'], labels: { 'JournalEntry-1': 'Herons' }, total: 1, items: { 'JournalEntry-1': ENTRY } };

// The state, the month, and whether there are hits, an error and a live watch: what the guards and the view read.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as CardContext;
  return [JSON.stringify(snapshot.value), c.month ?? '-', c.hits ? 'hits' : '', c.error ? 'error' : '', c.watching ? 'live' : ''].join('|');
};

test('model: every state and transition of a dashboard card (list and calendar)', () => {
  const report = exploreModel({
    name: 'cardMachine',
    machine: cardMachine,
    variants: [
      { name: 'calendar', input: () => ({ card: CALENDAR, month: '2026-05' }) },
      { name: 'list', input: () => ({ card: LIST, month: null }) },
    ],
    events: [
      { type: 'xstate.done.actor.load', output: HITS },
      { type: 'xstate.error.actor.load', error: { kind: 'server', userMessage: 'notAllowed' } },
      { type: 'xstate.done.actor.watch.1', actorId: 'watch.1', output: { count: 1 } },
      { type: 'xstate.error.actor.watch.1', actorId: 'watch.1', error: { kind: 'server', userMessage: 'tooLarge' } },
      { type: 'card.reloadRequested' },
      { type: 'card.monthShown', month: '2026-06' },
      { type: 'session.pushed', frame: { o: 'item/update', b: ENTRY } },
      { type: 'session.pushed', frame: { o: 'authed', b: { $id: 'User-1' } } },
      { type: 'session.itemDeleted', id: 'JournalEntry-2' },
      { type: 'session.cachesDropped' },
    ],
    serializeState,
  });
  expectFullCoverage(report, 3);
});
