import type { AnyMachineSnapshot } from 'xstate';
import { searchResultsMachine, type SearchResultsContext } from '../../../machines/search/searchResultsMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

// What the guards read: the text, whether there are hits and which is open, the reads under way.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as SearchResultsContext;
  return [
    JSON.stringify(snapshot.value),
    c.settings.searchString,
    c.ids.length,
    c.selected,
    Object.keys(c.reading).length,
    c.errorKey,
  ].join('|');
};

const hits = { ids: ['Contact-1', 'Contact-2'], labels: {}, total: 2, facets: {} };
const failure = { kind: 'server', userMessage: 'generalFailure' };
// The request actors' answers: the invoked search, and the spawned reads and exports (named by their id).
const done = (actorId: string, output: unknown) => ({ type: `xstate.done.actor.${actorId}`, actorId, output });
const failed = (actorId: string) => ({ type: `xstate.error.actor.${actorId}`, actorId, error: failure });

describe('searchResultsMachine model', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'searchResults',
      machine: searchResultsMachine,
      variants: [
        { name: 'default', input: () => ({ cellKey: 'v-search', now: () => 0, tzOffset: 0 }) },
        { name: 'in the address', input: () => ({ cellKey: 'v-search', address: {}, now: () => 0, tzOffset: 0 }) },
      ],
      events: [
        { type: 'results.textChanged', text: 'mary' },
        { type: 'results.applied', settings: { displayAs: 'CARDS' } },
        { type: 'results.applied', settings: { searchString: 'acme' } },
        { type: 'results.facetToggled', facet: '_', bucket: 'Contact' },
        // The address: as the results are, a display only, a narrowing.
        { type: 'results.addressChanged', params: [] },
        { type: 'results.addressChanged', params: [['display', 'cards']] },
        { type: 'results.addressChanged', params: [['_', 'Contact']] },
        { type: 'results.facetsCleared' },
        { type: 'results.facetsShown', show: false },
        { type: 'results.sortClicked', key: 'name' },
        { type: 'results.displaySet', displayAs: 'TABLE' },
        { type: 'results.rowsNeeded', from: 0, to: 2 },
        { type: 'results.retried' },
        { type: 'results.opened', id: 'Contact-2' },
        { type: 'results.stepped', from: 'Contact-2', step: 1 },
        { type: 'results.stepped', from: 'Other-1', step: -1 },
        { type: 'results.exportRequested' },
        { type: 'results.exportRequested', columns: [{ key: 'label', title: 'Name' }], locale: 'en' },
        { type: 'results.carouselStepped', step: -1 },
        done('export.1', { key: 'task-1', started: '2026-01-01T00:00:00Z', percentageComplete: 0 }),
        failed('export.1'),
        delayed('debounce', 'searchResults.LOADING.WAITING'),
        done('search', hits),
        done('search', { ids: [], labels: {}, total: 0, facets: {} }),
        failed('search'),
        { type: 'operation.pieces', actorId: 'rows.0', pieces: [{ 'Contact-1': { $id: 'Contact-1' } }] },
        done('rows.0', { 'Contact-1': { $id: 'Contact-1' } }),
        failed('rows.0'),
      ],
      serializeState,
    });
    expectFullCoverage(report, 8);
  });
});
