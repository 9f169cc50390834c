import type { AnyMachineSnapshot } from 'xstate';
import { searchBarMachine, ticketOf } from '../../../machines/search/searchBarMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

// Everything the guards read: the text, the asked query, how many suggestions, the highlight and the error.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const { text, query, suggestions, highlighted, errorKey } = snapshot.context as {
    text: string;
    query: string | null;
    suggestions: unknown[];
    highlighted: number;
    errorKey: string | null;
  };
  return `${JSON.stringify(snapshot.value)}|${text}|${query}|${suggestions.length}|${highlighted}|${errorKey}`;
};

const replied = (text: string) => ({
  type: 'connection.replied',
  ticket: ticketOf(text),
  o: 'search/ids',
  frame: { o: 'search/ids', b: { ids: ['Contact-1', 'Contact-2'], labels: { 'Contact-1': 'Mary Thomas' }, total: 2, facets: {} } },
});
const failed = (text: string) => ({
  type: 'connection.failed',
  ticket: ticketOf(text),
  o: 'search/ids',
  failure: { kind: 'server', userMessage: 'notSignedIn' },
});

describe('searchBarMachine model', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'searchBar',
      machine: searchBarMachine,
      variants: [{ name: 'default', input: () => undefined }],
      events: [
        { type: 'searchBar.toggled' },
        { type: 'searchBar.closed' },
        { type: 'searchBar.typed', text: '' },
        { type: 'searchBar.typed', text: 'ma' },
        { type: 'searchBar.typed', text: 'mar' },
        { type: 'searchBar.typed', text: 'Contact-12' },
        { type: 'searchBar.highlightMoved', step: 1 },
        { type: 'searchBar.highlightMoved', step: -1 },
        { type: 'searchBar.submitted' },
        { type: 'searchBar.suggestionChosen', id: 'Contact-1' },
        { type: 'searchBar.suggestionChosen', id: 'no id' },
        delayed('debounce', 'searchBar.OPEN.FETCHING.WAITING'),
        replied('mar'),
        failed('mar'),
        // An answer to a text no longer asked: never taken.
        replied('stale'),
        failed('stale'),
        { type: 'session.cachesDropped' },
      ],
      serializeState,
    });
    expectFullCoverage(report, 8);
  });
});
