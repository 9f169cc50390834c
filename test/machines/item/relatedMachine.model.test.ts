import type { AnyMachineSnapshot } from 'xstate';
import { relatedMachine, type RelatedContext } from '../../../machines/item/relatedMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

const MEETING = {
  $id: 'Meeting-3',
  _t: 'Meeting',
  _i: 3,
  _u: 1,
  _c: { ts: '2026-05-01T10:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: {},
  summary: 'Band council',
  owner: { id: 'Organization-1' },
};
const HITS = { ids: ['Meeting-3'], labels: { 'Meeting-3': 'Band council' }, total: 1, items: { 'Meeting-3': MEETING } };
const MORE_HITS = { ids: ['Meeting-3'], labels: { 'Meeting-3': 'Band council' }, total: 12, items: { 'Meeting-3': MEETING } };

// The state, and what the guards read: whether there are hits (and more of them), an error, a live watch.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as RelatedContext;
  const hits = c.hits ? `${c.hits.ids.length}/${c.hits.total}` : '-';
  return [JSON.stringify(snapshot.value), hits, c.error ? 'error' : '', c.watching ? 'live' : ''].join('|');
};

test('model: every state and transition of a related-items list', () => {
  const report = exploreModel({
    name: 'relatedMachine',
    machine: relatedMachine,
    variants: [
      {
        name: 'meetings of an organisation',
        input: () => ({ itemId: 'Organization-1', list: { type: 'Meeting', prop: 'owner' }, cellKey: 'i-Organization-1' }),
      },
    ],
    events: [
      { type: 'xstate.done.actor.load', output: HITS },
      { type: 'xstate.done.actor.load', output: MORE_HITS },
      { type: 'xstate.error.actor.load', error: { kind: 'server', userMessage: 'notAllowed' } },
      { type: 'xstate.done.actor.watch.1', actorId: 'watch.1', output: { count: 1 } },
      { type: 'xstate.done.actor.watch.1', actorId: 'watch.1', output: null },
      { type: 'xstate.error.actor.watch.1', actorId: 'watch.1', error: { kind: 'server', userMessage: 'tooLarge' } },
      { type: 'related.typed', text: 'council' },
      delayed('debounce', 'related.WAITING'),
      { type: 'related.moreRequested' },
      { type: 'related.retried' },
      { type: 'related.opened', id: 'Meeting-3' },
      { type: 'related.createRequested' },
      { type: 'session.pushed', frame: { o: 'item/update', b: MEETING } },
      { type: 'session.pushed', frame: { o: 'item/update', b: { ...MEETING, $id: 'Meeting-9', owner: { id: 'Organization-2' } } } },
      { type: 'session.pushed', frame: { o: 'authed', b: { $id: 'User-1' } } },
      { type: 'session.itemDeleted', id: 'Meeting-3' },
      { type: 'session.itemDeleted', id: 'Meeting-8' },
      { type: 'session.cachesDropped' },
    ],
    serializeState,
  });
  expectFullCoverage(report, 4);
});
