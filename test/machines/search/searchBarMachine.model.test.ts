import type { AnyMachineSnapshot } from 'xstate';
import { searchBarMachine } from '../../../machines/search/searchBarMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

// Everything the guards read: the text, how many suggestions, the highlight and the error.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const { text, suggestions, highlighted, errorKey } = snapshot.context as {
    text: string;
    suggestions: unknown[];
    highlighted: number;
    errorKey: string | null;
  };
  return `${JSON.stringify(snapshot.value)}|${text}|${suggestions.length}|${highlighted}|${errorKey}`;
};

// The request actor's answers, as the invoke delivers them (only while ASKING runs it).
const replied = {
  type: 'xstate.done.actor.suggestions',
  output: { ids: ['Contact-1', 'Contact-2'], labels: { 'Contact-1': 'Mary Thomas' }, total: 2, facets: {} },
};
const failed = { type: 'xstate.error.actor.suggestions', error: { kind: 'server', userMessage: 'notSignedIn' } };

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
        replied,
        failed,
        { type: 'session.cachesDropped' },
      ],
      serializeState,
    });
    expectFullCoverage(report, 8);
  });
});
