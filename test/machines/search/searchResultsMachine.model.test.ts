import type { AnyMachineSnapshot } from 'xstate';
import { searchResultsMachine, type SearchResultsContext } from '../../../machines/search/searchResultsMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

// What the guards read: the text, whether there are hits and which is open; the ask counter only up
// to the tickets the events below carry (later asks behave alike: every reply is stale to them).
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as SearchResultsContext;
  const asked = c.asked > 3 ? 'later' : c.asked;
  return [
    JSON.stringify(snapshot.value),
    asked,
    c.settings.searchString,
    c.ids.length,
    c.selected,
    Object.keys(c.reading).length,
    c.errorKey,
  ].join('|');
};

const hits = { ids: ['Contact-1', 'Contact-2'], labels: {}, total: 2, facets: {} };
const replied = (ticket: string, b: unknown) => ({ type: 'connection.replied', ticket, o: 'x', frame: { o: 'x', b } });
const failed = (ticket: string) => ({
  type: 'connection.failed',
  ticket,
  o: 'x',
  failure: { kind: 'server', userMessage: 'generalFailure' },
});
const perAsk = [1, 2, 3].flatMap((k) => [
  replied(`results:${k}`, hits),
  replied(`results:${k}`, { ids: [], labels: {}, total: 0, facets: {} }),
  failed(`results:${k}`),
  replied(`resultsRows:${k}:0`, { 'Contact-1': { $id: 'Contact-1' } }),
  failed(`resultsRows:${k}:0`),
]);

describe('searchResultsMachine model', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'searchResults',
      machine: searchResultsMachine,
      variants: [{ name: 'default', input: () => ({ cellKey: 'v-search', now: () => 0, tzOffset: 0 }) }],
      events: [
        { type: 'results.textChanged', text: 'mary' },
        { type: 'results.applied', settings: { displayAs: 'CARDS' } },
        { type: 'results.applied', settings: { searchString: 'acme' } },
        { type: 'results.facetToggled', facet: '_', bucket: 'Contact' },
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
        { type: 'results.carouselStepped', step: -1 },
        replied('resultsExport:1', { key: 'task-1', started: '2026-01-01T00:00:00Z', percentageComplete: 0 }),
        failed('resultsExport:1'),
        delayed('debounce', 'searchResults.LOADING.WAITING'),
        ...perAsk,
        // Answers to no question asked: never taken.
        replied('results:99', hits),
        replied('resultsRows:99:0', {}),
      ],
      serializeState,
    });
    expectFullCoverage(report, 8);
  });
});
