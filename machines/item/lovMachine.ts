/**
 * The lists of values the edit fields draw from (spec 000 §7 GET /lov, spec 001 §5): each list is
 * asked once through `act/lov` (archived values included, so that a value chosen before archiving
 * still has its label), kept for the session, and forgotten when the locale changes or auth drops
 * the item caches (a list may hold the previous user's organisation's values, spec 000 §4). Each
 * list's request is an `operation` actor spawned as `list.<name>`, several at once; forgetting the
 * lists stops those under way, so an answer asked before is never heard.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LovEntry, LovLists } from '../../src/shared/items/LovEntry';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { operationLogic } from '../session/operation';

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
  | SessionWatchEvent
  /** The answers of the lists' requests (`list.<name>`). */
  | { type: `xstate.done.actor.list.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.list.${string}`; actorId: string; error: unknown };

const REQUEST_PREFIX = 'list.';
/** The request actor of `list`: one at a time per list, while it is loading. */
const requestIdOf = (list: string): string => `${REQUEST_PREFIX}${list}`;
const listOfRequest = (actorId: string): string => actorId.slice(REQUEST_PREFIX.length);

const isLists = (body: unknown): body is LovLists =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Object.values(body).every(Array.isArray);

/** The cache of lists of values for the session's locale. */
export const lovMachine = setup({
  types: {
    context: {} as LovContext,
    events: {} as LovEvent,
    input: {} as { locale: string },
  },
  actors: { sessionWatch, operation: operationLogic },
  guards: {
    isUnknownList: ({ context, event }) => event.type === 'lov.requested' && !context.lists[event.list],
    isFailedList: ({ context, event }) => event.type === 'lov.retryRequested' && context.lists[event.list]?.status === 'failed',
    isNewLocale: ({ context, event }) => event.type === 'lov.localeChanged' && event.locale !== context.locale,
  },
  actions: {
    load: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'lov.requested' && event.type !== 'lov.retryRequested') return;
      enqueue.assign({ lists: { ...context.lists, [event.list]: { status: 'loading', lists: {} } } });
      enqueue.spawnChild('operation', {
        id: requestIdOf(event.list),
        input: callOf(operations.lov, { list: event.list, locale: context.locale, includeArchived: true }),
      });
    }),
    // Spec 001 §8: a list that fails to load is an empty list; the field can ask again.
    store: enqueueActions(({ context, enqueue }, params: { actorId: string; output: unknown }) => {
      const entry: LovListState = isLists(params.output) ? { status: 'ready', lists: params.output } : { status: 'failed', lists: {} };
      enqueue.assign({ lists: { ...context.lists, [listOfRequest(params.actorId)]: entry } });
      // Answered, it leaves the children: the list's id is free for a retry.
      enqueue.stopChild(params.actorId);
    }),
    // The lists still on their way are stopped with the rest: their answers are never heard.
    forgetLists: enqueueActions(({ context, enqueue }) => {
      for (const [list, held] of Object.entries(context.lists)) if (held.status === 'loading') enqueue.stopChild(requestIdOf(list));
      enqueue.assign({ lists: {} });
    }),
    setLocale: assign(({ event }) => (event.type === 'lov.localeChanged' ? { locale: event.locale } : {})),
  },
}).createMachine({
  id: 'lov',
  context: ({ input }) => ({ locale: input.locale, lists: {} }),
  invoke: { src: 'sessionWatch', input: { caches: true } },
  on: {
    'session.cachesDropped': { actions: 'forgetLists' },
    'lov.requested': { guard: 'isUnknownList', actions: 'load' },
    'lov.retryRequested': { guard: 'isFailedList', actions: 'load' },
    'xstate.done.actor.list.*': { actions: { type: 'store', params: ({ event }) => ({ actorId: event.actorId, output: event.output }) } },
    'xstate.error.actor.list.*': { actions: { type: 'store', params: ({ event }) => ({ actorId: event.actorId, output: null }) } },
    'lov.localeChanged': { guard: 'isNewLocale', actions: ['forgetLists', 'setLocale'] },
  },
});

export type LovActorRef = ActorRefFrom<typeof lovMachine>;
export type LovSnapshot = SnapshotFrom<typeof lovMachine>;

/**
 * The values of `list` an item owned by `owner` may take: the site's own and the owner's, archived ones marked.
 * An owner's value with the key of a site value takes its place: an organisation may name a shared value its own way.
 */
export function lovValues(snapshot: LovSnapshot, list: string, owner: string | null): LovEntry[] {
  const held = snapshot.context.lists[list];
  if (!held) return [];
  const own = owner ? (held.lists[owner] ?? []) : [];
  const ownKeys = new Set(own.map((v) => v.key));
  return [...(held.lists._ ?? []).filter((v) => !ownKeys.has(v.key)), ...own];
}

/** Whether `list` is loaded, on its way, failed or not asked for. */
export const lovStatus = (snapshot: LovSnapshot, list: string): LovListState['status'] | 'unknown' =>
  snapshot.context.lists[list]?.status ?? 'unknown';
