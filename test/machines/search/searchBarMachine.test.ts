import { assign, createMachine, fromPromise, type ActorRefFrom } from 'xstate';
import {
  SEARCH_DEBOUNCE_MS,
  searchBarMachine,
  selectHighlighted,
  selectSearchBarOpen,
  selectSearchError,
  selectSearchPhase,
  selectSearchText,
  selectSuggestions,
} from '../../../machines/search/searchBarMachine';
import { SystemId } from '../../../machines/systemIds';
import { settled, startInSession } from '../router/support/sessionFakes';

// A router that records the links it is asked to follow.
const fakeRouter = createMachine({
  types: {} as { events: { type: 'router.linkFollowed'; href: string; newTab: boolean } },
  context: { followed: [] as string[] },
  on: { 'router.linkFollowed': { actions: assign(({ context, event }) => ({ followed: [...context.followed, event.href] })) } },
});

function start(logic: typeof searchBarMachine = searchBarMachine) {
  const h = startInSession(logic, {
    systemId: SystemId.searchBar,
    input: undefined,
    signedIn: true,
    extra: { [SystemId.router]: fakeRouter },
  });
  const router = h.extra(SystemId.router) as ActorRefFrom<typeof fakeRouter>;
  const snapshot = () => h.subject.getSnapshot();
  return {
    ...h,
    snapshot,
    phase: () => selectSearchPhase(snapshot()),
    followed: () => router.getSnapshot().context.followed,
    searches: () => h.sent().filter((frame) => frame.o === 'search/ids'),
    open: () => h.subject.send({ type: 'searchBar.toggled' }),
    type: (text: string) => h.subject.send({ type: 'searchBar.typed', text }),
    /** Types and lets the debounce pass, so the question goes out. */
    ask: (text: string) => {
      h.subject.send({ type: 'searchBar.typed', text });
      h.clock.increment(SEARCH_DEBOUNCE_MS);
    },
  };
}

const answer = {
  ids: ['Contact-1', 'Contact-2'],
  labels: { 'Contact-1': 'Mary Thomas', 'Contact-2': 'Maria Lopez' },
  total: 2,
  facets: {},
};

describe('searchBarMachine', () => {
  it('starts closed and opens and closes with the toggle', () => {
    const t = start();
    expect(selectSearchBarOpen(t.snapshot())).toBe(false);
    expect(t.phase()).toBe('CLOSED');
    t.open();
    expect(selectSearchBarOpen(t.snapshot())).toBe(true);
    expect(t.phase()).toBe('NO_SEARCH');
    t.open();
    expect(t.phase()).toBe('CLOSED');
  });

  it('asks nothing under 3 characters', () => {
    const t = start();
    t.open();
    t.ask('ma');
    t.ask('  m  ');
    expect(t.phase()).toBe('NO_SEARCH');
    expect(selectSearchText(t.snapshot())).toBe('  m  ');
    expect(t.searches()).toEqual([]);
  });

  it('waits for a pause in typing, then asks search/ids for 5 labelled hits', async () => {
    const t = start();
    t.open();
    t.type('mar');
    t.clock.increment(SEARCH_DEBOUNCE_MS - 1);
    t.type('mary');
    t.clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(t.phase()).toBe('FETCHING');
    expect(t.searches()).toEqual([]);
    t.clock.increment(1);
    expect(t.searches()).toEqual([{ o: 'search/ids', b: { must: { q: 'mary' }, max: 5, labels: true } }]);
    t.reply(answer);
    await settled();
    expect(t.phase()).toBe('SUCCESS');
    expect(selectSuggestions(t.snapshot())).toEqual([
      { id: 'Contact-1', label: 'Mary Thomas' },
      { id: 'Contact-2', label: 'Maria Lopez' },
    ]);
  });

  it('keeps at most 5 suggestions and falls back to the id for a missing label', async () => {
    const t = start();
    t.open();
    t.ask('con');
    t.reply({ ids: ['A-1', 'A-2', 'A-3', 'A-4', 'A-5', 'A-6'], labels: { 'A-1': 'One' }, total: 6, facets: {} });
    await settled();
    expect(selectSuggestions(t.snapshot()).map((s) => s.label)).toEqual(['One', 'A-2', 'A-3', 'A-4', 'A-5']);
  });

  it('ignores the reply to an earlier text', async () => {
    const t = start();
    t.open();
    t.ask('mar');
    t.ask('mary');
    expect(t.searches()).toHaveLength(2);
    t.reply(answer, { index: 0 });
    await settled();
    expect(t.phase()).toBe('FETCHING');
    t.reply({ ids: ['Contact-1'], labels: { 'Contact-1': 'Mary Thomas' }, total: 1, facets: {} }, { index: 1 });
    await settled();
    expect(selectSuggestions(t.snapshot())).toEqual([{ id: 'Contact-1', label: 'Mary Thomas' }]);
    // A late reply after the answer changes nothing either.
    t.reply(answer, { index: 0 });
    await settled();
    expect(selectSuggestions(t.snapshot())).toHaveLength(1);
  });

  it('ignores a reply that arrives after the text became too short', async () => {
    const t = start();
    t.open();
    t.ask('mary');
    t.type('ma');
    t.reply(answer);
    await settled();
    expect(t.phase()).toBe('NO_SEARCH');
    expect(selectSuggestions(t.snapshot())).toEqual([]);
  });

  it('shows errors.{userMessage} of a failed lookup, a client key as it is, and swallows parseRequestFailed', async () => {
    const t = start();
    t.open();
    t.ask('mary');
    t.reply({ userMessage: 'notSignedIn' }, { erred: true });
    await settled();
    expect(t.phase()).toBe('FAILURE');
    expect(selectSearchError(t.snapshot())).toBe('errors.notSignedIn');
    t.ask('[broken');
    t.reply({ userMessage: 'parseRequestFailed' }, { erred: true });
    await settled();
    expect(t.phase()).toBe('FAILURE');
    expect(selectSearchError(t.snapshot())).toBeNull();
    t.type('mar');
    expect(t.phase()).toBe('FETCHING');
    expect(selectSearchError(t.snapshot())).toBeNull();
  });

  it("shows a failure of the browser's side by its own key", async () => {
    // The socket's failures come from the connection itself (RequestFailure of kind client).
    const offline = searchBarMachine.provide({
      actors: { operation: fromPromise(() => Promise.reject({ kind: 'client', key: 'errors.networkError' })) },
    });
    const t = start(offline);
    t.open();
    t.ask('maria');
    await settled();
    expect(t.phase()).toBe('FAILURE');
    expect(selectSearchError(t.snapshot())).toBe('errors.networkError');
  });

  it('opens a typed item id on Enter and closes, empty again', () => {
    const t = start();
    t.open();
    t.type(' Contact-12 ');
    t.subject.send({ type: 'searchBar.submitted' });
    expect(t.followed()).toEqual(['/i-Contact-12']);
    expect(t.phase()).toBe('CLOSED');
    t.open();
    expect(selectSearchText(t.snapshot())).toBe('');
  });

  it("opens a typed id in any case under its type's own name; an id-like text of no type, or index 0, is searched for", () => {
    const t = start();
    t.open();
    t.type('contact-12');
    t.subject.send({ type: 'searchBar.submitted' });
    for (const text of ['survey-2025', 'Contact-0']) {
      t.open();
      t.type(text);
      t.subject.send({ type: 'searchBar.submitted' });
    }
    expect(t.followed()).toEqual(['/i-Contact-12', '/search?c0=survey-2025', '/search?c0=Contact-0']);
  });

  it('opens the full results for other text, even before suggestions arrived', () => {
    const t = start();
    t.open();
    t.type('mary & co');
    t.subject.send({ type: 'searchBar.submitted' });
    expect(t.followed()).toEqual(['/search?c0=mary%20%26%20co']);
    expect(t.phase()).toBe('CLOSED');
  });

  it('does nothing on Enter in an empty field', () => {
    const t = start();
    t.open();
    t.type('  ');
    t.subject.send({ type: 'searchBar.submitted' });
    expect(t.followed()).toEqual([]);
    expect(t.phase()).toBe('NO_SEARCH');
  });

  it('moves the highlight with the arrows, wrapping through the field, and Enter opens the highlighted one', async () => {
    const t = start();
    t.open();
    t.ask('mar');
    t.reply(answer);
    await settled();
    const move = (step: 1 | -1) => t.subject.send({ type: 'searchBar.highlightMoved', step });
    expect(selectHighlighted(t.snapshot())).toBe(-1);
    move(1);
    move(1);
    expect(selectHighlighted(t.snapshot())).toBe(1);
    move(1);
    expect(selectHighlighted(t.snapshot())).toBe(-1);
    move(-1);
    expect(selectHighlighted(t.snapshot())).toBe(1);
    t.subject.send({ type: 'searchBar.submitted' });
    expect(t.followed()).toEqual(['/i-Contact-2']);
  });

  it('opens a chosen suggestion, and refuses anything that is no id', async () => {
    const t = start();
    t.open();
    t.ask('mar');
    t.reply(answer);
    await settled();
    t.subject.send({ type: 'searchBar.suggestionChosen', id: 'not an id' });
    expect(t.phase()).toBe('SUCCESS');
    t.subject.send({ type: 'searchBar.suggestionChosen', id: 'Contact-1' });
    expect(t.followed()).toEqual(['/i-Contact-1']);
    expect(t.phase()).toBe('CLOSED');
  });

  it('closes on Esc and forgets the text and suggestions', async () => {
    const t = start();
    t.open();
    t.ask('mar');
    t.reply(answer);
    await settled();
    t.subject.send({ type: 'searchBar.closed' });
    expect(t.phase()).toBe('CLOSED');
    t.open();
    expect(selectSearchText(t.snapshot())).toBe('');
    expect(selectSuggestions(t.snapshot())).toEqual([]);
  });

  it("closes and forgets the previous user's suggestions when auth drops the item caches", async () => {
    const t = start();
    t.open();
    t.ask('mar');
    t.reply(answer);
    await settled();
    expect(selectSuggestions(t.snapshot())).not.toEqual([]);
    t.auth.send({ type: 'fake.cachesDropped' });
    expect(t.phase()).toBe('CLOSED');
    t.open();
    expect(selectSearchText(t.snapshot())).toBe('');
    expect(selectSuggestions(t.snapshot())).toEqual([]);
  });
});
