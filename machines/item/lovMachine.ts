/**
 * The lists of values the edit fields draw from (spec 000 §7 GET /lov, spec 001 §5): each list is
 * asked once through `act/lov` (archived values included, so that a value chosen before archiving
 * still has its label), kept for the session, and forgotten when the locale changes or auth drops
 * the item caches (a list may hold the previous user's organisation's values, spec 000 §4).
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LovEntry, LovLists } from '../../src/shared/items/LovEntry';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import type { ConnectionReplyEvent } from '../session/pendingRequests';
import { getConnection } from '../systemIds';

/** One list as the cache holds it. */
export interface LovListState {
  status: 'loading' | 'ready' | 'failed';
  lists: LovLists;
}

export interface LovContext {
  locale: string;
  /** By list name. */
  lists: Record<string, LovListState>;
}

export type LovEvent =
  /** A field shows or edits a value of `list`: load it unless it is held or on its way. */
  | { type: 'lov.requested'; list: string }
  | { type: 'lov.localeChanged'; locale: string }
  /** A failed list is asked again. */
  | { type: 'lov.retryRequested'; list: string }
  | ConnectionReplyEvent
  | SessionWatchEvent;

const TICKET_PREFIX = 'lov:';
const ticketOf = (locale: string, list: string): string => `${TICKET_PREFIX}${locale}:${list}`;
/** The list a reply is for, when it answers this locale. */
const listOfTicket = (locale: string, ticket: string | undefined): string | null =>
  ticket?.startsWith(`${TICKET_PREFIX}${locale}:`) ? ticket.slice(TICKET_PREFIX.length + locale.length + 1) : null;
/** The list a reply answers, when that list is still awaited: one dropped meanwhile is not filled again by an old answer. */
const awaitedList = (context: LovContext, ticket: string | undefined): string | null => {
  const list = listOfTicket(context.locale, ticket);
  return list !== null && context.lists[list]?.status === 'loading' ? list : null;
};

const isLists = (body: unknown): body is LovLists =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Object.values(body).every(Array.isArray);

/** The cache of lists of values for the session's locale. */
export const lovMachine = setup({
  types: {
    context: {} as LovContext,
    events: {} as LovEvent,
    input: {} as { locale: string },
  },
  actors: { sessionWatch },
  guards: {
    isUnknownList: ({ context, event }) => event.type === 'lov.requested' && !context.lists[event.list],
    isFailedList: ({ context, event }) => event.type === 'lov.retryRequested' && context.lists[event.list]?.status === 'failed',
    isOwnReply: ({ context, event }) =>
      (event.type === 'connection.replied' || event.type === 'connection.failed') && awaitedList(context, event.ticket) !== null,
    isNewLocale: ({ context, event }) => event.type === 'lov.localeChanged' && event.locale !== context.locale,
  },
  actions: {
    load: enqueueActions(({ context, event, enqueue, self, system }) => {
      if (event.type !== 'lov.requested' && event.type !== 'lov.retryRequested') return;
      enqueue.assign({ lists: { ...context.lists, [event.list]: { status: 'loading', lists: {} } } });
      const connection = getConnection(system);
      if (connection) {
        enqueue.sendTo(connection, {
          type: 'connection.send',
          frame: { o: 'act/lov', b: { list: event.list, locale: context.locale, includeArchived: true } },
          ticket: ticketOf(context.locale, event.list),
          replyTo: self,
        });
      }
    }),
    // Spec 001 §8: a list that fails to load is an empty list; the field can ask again.
    store: assign(({ context, event }) => {
      if (event.type !== 'connection.replied' && event.type !== 'connection.failed') return {};
      const list = awaitedList(context, event.ticket)!;
      const body = event.type === 'connection.replied' ? event.frame.b : undefined;
      const entry: LovListState = isLists(body) ? { status: 'ready', lists: body } : { status: 'failed', lists: {} };
      return { lists: { ...context.lists, [list]: entry } };
    }),
    switchLocale: assign(({ event }) => (event.type === 'lov.localeChanged' ? { locale: event.locale, lists: {} } : {})),
    dropLists: assign({ lists: {} }),
  },
}).createMachine({
  id: 'lov',
  context: ({ input }) => ({ locale: input.locale, lists: {} }),
  invoke: { src: 'sessionWatch', input: { caches: true } },
  on: {
    'session.cachesDropped': { actions: 'dropLists' },
    'lov.requested': { guard: 'isUnknownList', actions: 'load' },
    'lov.retryRequested': { guard: 'isFailedList', actions: 'load' },
    'connection.replied': { guard: 'isOwnReply', actions: 'store' },
    'connection.failed': { guard: 'isOwnReply', actions: 'store' },
    'lov.localeChanged': { guard: 'isNewLocale', actions: 'switchLocale' },
  },
});

export type LovActorRef = ActorRefFrom<typeof lovMachine>;
export type LovSnapshot = SnapshotFrom<typeof lovMachine>;

/** The values of `list` an item owned by `owner` may take: the site's own and the owner's, archived ones marked. */
export function lovValues(snapshot: LovSnapshot, list: string, owner: string | null): LovEntry[] {
  const held = snapshot.context.lists[list];
  if (!held) return [];
  return [...(held.lists._ ?? []), ...(owner ? (held.lists[owner] ?? []) : [])];
}

/** Whether `list` is loaded, on its way, failed or not asked for. */
export const lovStatus = (snapshot: LovSnapshot, list: string): LovListState['status'] | 'unknown' =>
  snapshot.context.lists[list]?.status ?? 'unknown';
