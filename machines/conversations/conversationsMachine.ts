/**
 * The signed-in user's conversations for the whole session (issue 15): their threads with the
 * messages they have not read, loaded with act/conversations and loaded again whenever a thread or
 * message they read is pushed (type watches on Thread and Message), when a thread screen marks one
 * read (`conversations.refresh`), and after a reconnection. It waits (IDLE) until a conversations
 * screen first asks, so a session that never opens one costs the server nothing. Forgets everything
 * when the user changes.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { conversationOperations, type ThreadSummary } from '../../src/modules/conversations/operations';
import { isItem } from '../../src/shared/items/isItem';
import { Push } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { failureOf, operationLogic } from '../session/operation';
import { toResourceError, type ResourceError } from '../session/resourceMachine';
import { userWatch, type UserWatchEvent } from '../session/userWatch';

/** The types whose pushes may change the list. */
export const WATCHED_TYPES = ['Thread', 'Message'] as const;

export interface ConversationsContext {
  threads: ThreadSummary[] | null;
  unread: number;
  /** Resolved threads listed too. */
  resolved: boolean;
  error: ResourceError | null;
  /** Numbers of the watches asked for (`watch.<n>`). */
  watches: number;
}

export type ConversationsEvent =
  | UserWatchEvent
  | SessionWatchEvent
  | { type: 'conversations.refresh' }
  | { type: 'conversations.resolvedShown'; resolved: boolean }
  | { type: 'xstate.done.actor.load'; output: { threads: ThreadSummary[]; unread: number } }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: `xstate.done.actor.watch.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.watch.${string}`; actorId: string; error: unknown };

const EMPTY = { threads: null, unread: 0, error: null } as const;

/** SIGNED_OUT; for the signed-in user IDLE until asked, then LOADING, READY or FAILED. */
export const conversationsMachine = setup({
  types: { context: {} as ConversationsContext, events: {} as ConversationsEvent },
  actors: { userWatch, sessionWatch, operation: operationLogic },
  guards: {
    isSignedIn: ({ event }) => event.type === 'session.userChanged' && event.user !== null,
    isListChange: ({ event }) =>
      event.type === 'session.pushed' &&
      event.frame.o === Push.itemUpdate &&
      isItem(event.frame.b) &&
      (WATCHED_TYPES as readonly string[]).includes(event.frame.b._t),
    isReconnected: ({ event }) => event.type === 'session.pushed' && event.frame.o === Push.authed,
  },
  actions: {
    forget: assign({ ...EMPTY, resolved: false }),
    watch: enqueueActions(({ context, enqueue }) => {
      let n = context.watches;
      for (const type of WATCHED_TYPES) {
        n += 1;
        enqueue.spawnChild('operation', { id: `watch.${n}`, input: callOf(operations.addWatch, {}, { id: `${type}-0` }) });
      }
      enqueue.assign({ watches: n });
    }),
    stopWatchRequest: enqueueActions(({ enqueue }, params: { actorId: string }) => enqueue.stopChild(params.actorId)),
    setResolved: assign(({ event }) => (event.type === 'conversations.resolvedShown' ? { resolved: event.resolved } : {})),
    store: assign((_, params: { threads: ThreadSummary[]; unread: number }) => ({
      threads: params.threads,
      unread: params.unread,
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
  },
}).createMachine({
  id: 'conversations',
  context: { ...EMPTY, resolved: false, watches: 0 },
  invoke: [{ src: 'userWatch' }, { src: 'sessionWatch', input: { pushes: true } }],
  on: {
    'session.userChanged': [
      { guard: 'isSignedIn', target: '.IDLE', actions: 'forget' },
      { target: '.SIGNED_OUT', actions: 'forget' },
    ],
    'xstate.done.actor.watch.*': { actions: { type: 'stopWatchRequest', params: ({ event }) => ({ actorId: event.actorId }) } },
    'xstate.error.actor.watch.*': { actions: { type: 'stopWatchRequest', params: ({ event }) => ({ actorId: event.actorId }) } },
  },
  initial: 'SIGNED_OUT',
  states: {
    SIGNED_OUT: {},
    IDLE: {
      on: {
        'conversations.refresh': { target: 'LOADING', actions: 'watch' },
        'conversations.resolvedShown': { target: 'LOADING', actions: ['setResolved', 'watch'] },
      },
    },
    LOADING: {
      invoke: {
        id: 'load',
        src: 'operation',
        input: ({ context }) => callOf(conversationOperations.mine, { resolved: context.resolved }),
        onDone: {
          target: 'READY',
          actions: {
            type: 'store',
            params: ({ event }) => event.output as { threads: ThreadSummary[]; unread: number },
          },
        },
        onError: { target: 'FAILED', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'conversations.refresh': { target: 'LOADING', reenter: true },
        'conversations.resolvedShown': { target: 'LOADING', reenter: true, actions: 'setResolved' },
        'session.pushed': [
          { guard: 'isListChange', target: 'LOADING', reenter: true },
          { guard: 'isReconnected', target: 'LOADING', reenter: true, actions: 'watch' },
        ],
      },
    },
    READY: {
      on: {
        'conversations.refresh': 'LOADING',
        'conversations.resolvedShown': { target: 'LOADING', actions: 'setResolved' },
        'session.pushed': [
          { guard: 'isListChange', target: 'LOADING' },
          { guard: 'isReconnected', target: 'LOADING', actions: 'watch' },
        ],
      },
    },
    FAILED: {
      on: {
        'conversations.refresh': 'LOADING',
        'conversations.resolvedShown': { target: 'LOADING', actions: 'setResolved' },
        'session.pushed': [
          { guard: 'isListChange', target: 'LOADING' },
          { guard: 'isReconnected', target: 'LOADING', actions: 'watch' },
        ],
      },
    },
  },
});

export type ConversationsSnapshot = SnapshotFrom<typeof conversationsMachine>;

/** The user's threads (null until the first answer). */
export const selectThreads = (s: ConversationsSnapshot): ThreadSummary[] | null => s.context.threads;
/** How many messages the user has not read, in all their threads. */
export const selectUnread = (s: ConversationsSnapshot): number => s.context.unread;
/** Why the last load failed. */
export const selectConversationsError = (s: ConversationsSnapshot): ResourceError | null => s.context.error;
/** Whether resolved threads are listed too. */
export const selectResolvedShown = (s: ConversationsSnapshot): boolean => s.context.resolved;
