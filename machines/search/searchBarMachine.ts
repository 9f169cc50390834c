/**
 * The top search bar (spec 000 §2 Header and menus, §4 Search bar): open or closed; while open,
 * NO_SEARCH under 3 characters, FETCHING (a debounce, then `search/ids` for up to 5 labelled
 * suggestions), SUCCESS or FAILURE. Enter opens a typed item id, a highlighted suggestion, or the
 * full results; every way out closes the bar, and so does auth dropping the item caches (the
 * suggestions name the previous user's items, spec 000 §4).
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { SEARCH_MIN_TEXT, SEARCH_SUGGESTIONS } from '../../src/shared/constants';
import { isCompleteId, isValidId } from '../../src/shared/ids';
import { itemTypes } from '../../src/shared/itemTypes';
import type { SearchReply } from '../../src/shared/search/SearchQuery';
import { UserMessage } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import type { RouterSnapshot } from '../router/routerSelectors';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { failureOf, operationLogic } from '../session/operation';
import { getRouter } from '../systemIds';

/** How long typing must pause before the server is asked (the spec leaves the value open). */
export const SEARCH_DEBOUNCE_MS = 250;

/** One entry of the dropdown. */
export interface Suggestion {
  id: string;
  label: string;
}

export interface SearchBarContext {
  text: string;
  suggestions: Suggestion[];
  /** Index of the suggestion the arrow keys moved to; -1 for none. */
  highlighted: number;
  /** The message key shown for a failed lookup; null when the failure is swallowed quietly. */
  errorKey: string | null;
}

export type SearchBarEvent =
  /** The header's search button. */
  | { type: 'searchBar.toggled' }
  /** Esc. */
  | { type: 'searchBar.closed' }
  | { type: 'searchBar.typed'; text: string }
  /** Arrow down (+1) or up (-1) through the suggestions, wrapping through "none". */
  | { type: 'searchBar.highlightMoved'; step: 1 | -1 }
  /** Enter. */
  | { type: 'searchBar.submitted' }
  | { type: 'searchBar.suggestionChosen'; id: string }
  | SessionWatchEvent;

const trimmed = (context: SearchBarContext): string => context.text.trim();

/**
 * The item id `text` names, its type spelled as registered (people type `contact-12`); null for
 * other text, such as `survey-2025`, which Enter searches for instead of opening a screen that cannot exist.
 */
export function typedItemId(text: string): string | null {
  const id = text.trim();
  if (!isCompleteId(id)) return null;
  const [typePart, ...rest] = id.split('-');
  const type = itemTypes.all().find((t) => t.name.toLowerCase() === typePart!.toLowerCase());
  return type ? [type.name, ...rest].join('-') : null;
}

function suggestionsOf(body: unknown): Suggestion[] {
  const reply = body as Partial<SearchReply> | undefined;
  const ids = Array.isArray(reply?.ids) ? reply.ids.filter((id): id is string => typeof id === 'string') : [];
  const labels = reply?.labels ?? {};
  return ids.slice(0, SEARCH_SUGGESTIONS).map((id) => ({ id, label: typeof labels[id] === 'string' ? labels[id] : id }));
}

const EMPTY = { text: '', suggestions: [], highlighted: -1, errorKey: null } satisfies SearchBarContext;

/** The search bar: open/closed, debounced suggestions (a request left behind by typing is stopped with its state), and where Enter leads. */
export const searchBarMachine = setup({
  types: {
    context: {} as SearchBarContext,
    events: {} as SearchBarEvent,
  },
  actors: { sessionWatch, operation: operationLogic },
  delays: {
    debounce: SEARCH_DEBOUNCE_MS,
  },
  guards: {
    isShort: ({ event }) => event.type === 'searchBar.typed' && event.text.trim().length < SEARCH_MIN_TEXT,
    hasHighlighted: ({ context }) => context.suggestions[context.highlighted] !== undefined,
    isIdText: ({ context }) => typedItemId(context.text) !== null,
    hasText: ({ context }) => trimmed(context).length > 0,
    isValidChoice: ({ event }) => event.type === 'searchBar.suggestionChosen' && isValidId(event.id),
  },
  actions: {
    reset: assign(EMPTY),
    setText: assign(({ event }) => (event.type === 'searchBar.typed' ? { text: event.text, highlighted: -1 } : {})),
    clearResults: assign({ suggestions: [], highlighted: -1, errorKey: null }),
    storeSuggestions: assign((_, params: { reply: unknown }) => ({
      suggestions: suggestionsOf(params.reply),
      highlighted: -1,
      errorKey: null,
    })),
    storeError: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      if (failure.kind === 'client') return { errorKey: failure.key };
      // Spec 000 §8: a malformed raw query is swallowed quietly; the user keeps typing.
      return { errorKey: failure.userMessage === UserMessage.parseRequestFailed ? null : `errors.${failure.userMessage}` };
    }),
    moveHighlight: assign(({ context, event }) => {
      if (event.type !== 'searchBar.highlightMoved') return {};
      // "None" sits between the last and the first suggestion, as the text field itself.
      const slots = context.suggestions.length + 1;
      return { highlighted: ((context.highlighted + 1 + event.step + slots) % slots) - 1 };
    }),
    openHighlighted: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      const chosen = context.suggestions[context.highlighted];
      if (router && chosen) enqueue.sendTo(router, { type: 'router.linkFollowed', href: `/i-${chosen.id}`, newTab: false });
    }),
    openChosen: enqueueActions(({ event, enqueue, system }) => {
      const router = getRouter(system);
      if (router && event.type === 'searchBar.suggestionChosen')
        enqueue.sendTo(router, { type: 'router.linkFollowed', href: `/i-${event.id}`, newTab: false });
    }),
    openTypedId: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      const id = typedItemId(context.text);
      if (router && id) enqueue.sendTo(router, { type: 'router.linkFollowed', href: `/i-${id}`, newTab: false });
    }),
    openResults: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      if (router)
        enqueue.sendTo(router, { type: 'router.linkFollowed', href: `/search?c0=${encodeURIComponent(trimmed(context))}`, newTab: false });
    }),
  },
}).createMachine({
  id: 'searchBar',
  context: EMPTY,
  invoke: { src: 'sessionWatch', input: { caches: true } },
  initial: 'CLOSED',
  // CLOSED forgets the text and the suggestions on entry.
  on: { 'session.cachesDropped': '.CLOSED' },
  states: {
    CLOSED: {
      entry: 'reset',
      on: { 'searchBar.toggled': 'OPEN' },
    },
    OPEN: {
      initial: 'NO_SEARCH',
      on: {
        'searchBar.toggled': 'CLOSED',
        'searchBar.closed': 'CLOSED',
        'searchBar.typed': [
          { guard: 'isShort', target: '.NO_SEARCH', actions: ['setText', 'clearResults'] },
          // Re-entered on every keystroke, so the debounce starts again.
          { target: '.FETCHING', reenter: true, actions: ['setText', 'clearResults'] },
        ],
        'searchBar.submitted': [
          { guard: 'hasHighlighted', target: 'CLOSED', actions: 'openHighlighted' },
          { guard: 'isIdText', target: 'CLOSED', actions: 'openTypedId' },
          { guard: 'hasText', target: 'CLOSED', actions: 'openResults' },
        ],
        'searchBar.suggestionChosen': { guard: 'isValidChoice', target: 'CLOSED', actions: 'openChosen' },
      },
      states: {
        // Under 3 characters (spec 000 §5): no suggestions, the field asks to keep typing.
        NO_SEARCH: {},
        FETCHING: {
          initial: 'WAITING',
          states: {
            WAITING: { after: { debounce: 'ASKING' } },
            // Typing leaves this state, which stops the request: an answer to an earlier text is never heard.
            ASKING: {
              invoke: {
                id: 'suggestions',
                src: 'operation',
                input: ({ context }) => callOf(operations.search, { must: { q: trimmed(context) }, max: SEARCH_SUGGESTIONS, labels: true }),
                onDone: {
                  target: '#searchBar.OPEN.SUCCESS',
                  actions: { type: 'storeSuggestions', params: ({ event }) => ({ reply: event.output }) },
                },
                onError: {
                  target: '#searchBar.OPEN.FAILURE',
                  actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        SUCCESS: {
          on: { 'searchBar.highlightMoved': { actions: 'moveHighlight' } },
        },
        FAILURE: {},
      },
    },
  },
});

export type SearchBarSnapshot = SnapshotFrom<typeof searchBarMachine>;

/** Whether the bar shows. */
export const selectSearchBarOpen = (snapshot: SearchBarSnapshot): boolean => snapshot.matches('OPEN');
/** The field's text. */
export const selectSearchText = (snapshot: SearchBarSnapshot): string => snapshot.context.text;
/** Which of NO_SEARCH, FETCHING, SUCCESS, FAILURE the open bar is in (CLOSED when it is not open). */
export const selectSearchPhase = (snapshot: SearchBarSnapshot): 'CLOSED' | 'NO_SEARCH' | 'FETCHING' | 'SUCCESS' | 'FAILURE' => {
  if (snapshot.matches({ OPEN: 'NO_SEARCH' })) return 'NO_SEARCH';
  if (snapshot.matches({ OPEN: 'FETCHING' })) return 'FETCHING';
  if (snapshot.matches({ OPEN: 'SUCCESS' })) return 'SUCCESS';
  if (snapshot.matches({ OPEN: 'FAILURE' })) return 'FAILURE';
  return 'CLOSED';
};
/** The suggestions of the last answer (the same array until the next one, so `useSelector` rerenders only then). */
export const selectSuggestions = (snapshot: SearchBarSnapshot): Suggestion[] => snapshot.context.suggestions;
/** Index of the highlighted suggestion, -1 for none. */
export const selectHighlighted = (snapshot: SearchBarSnapshot): number => snapshot.context.highlighted;
/** The message key of a failed lookup. */
export const selectSearchError = (snapshot: SearchBarSnapshot): string | null => snapshot.context.errorKey;
/** Whether the router shows the full results, where the bar and its toggle are disabled (spec 000 §2). */
export const selectOnSearchPage = (router: RouterSnapshot): boolean => router.context.location?.path === '/search';
