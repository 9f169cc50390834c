/**
 * One thread's messages on its screen (issue 15), live: loaded with act/conversationMessages and
 * loaded again when a message of this thread is pushed (the session's conversations actor keeps the
 * Message type watch) and after a reconnection; marked read once shown with unread messages. The
 * composer's sending is a region of its own, so the list keeps following while a message is sent.
 */
import { assign, emit, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { conversationOperations, type ThreadMessage } from '../../src/modules/conversations/operations';
import { isItem } from '../../src/shared/items/isItem';
import { Push } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { failureOf, operationLogic } from '../session/operation';
import { toResourceError, type ResourceError } from '../session/resourceMachine';
import { getConversations } from './conversationsSystemIds';

export interface ThreadInput {
  threadId: string;
}

export interface ThreadContext extends ThreadInput {
  messages: ThreadMessage[] | null;
  /** Who takes part, by name. */
  participants: string[];
  error: ResourceError | null;
  /** Why the last message could not be sent (its field errors among them). */
  sendError: ResourceError | null;
  /** Why the resolved toggle was refused. */
  resolveError: ResourceError | null;
  /** Numbers of the read marks asked for (`read.<n>`). */
  reads: number;
}

/** A message to send: sanitised by the server; files already uploaded (Attachment ids). */
export interface OutgoingMessage {
  body: string;
  attachments: { id: string }[];
}

export type ThreadEvent =
  | SessionWatchEvent
  | { type: 'thread.retried' }
  | ({ type: 'thread.sent' } & OutgoingMessage)
  /** The resolved toggle, with the version of the thread the screen shows. */
  | { type: 'thread.resolvedSet'; resolved: boolean; u: number }
  | { type: 'xstate.done.actor.resolve'; output: unknown }
  | { type: 'xstate.error.actor.resolve'; error: unknown }
  | { type: 'xstate.done.actor.load'; output: { messages: ThreadMessage[]; participants: string[] } }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.post'; output: unknown }
  | { type: 'xstate.error.actor.post'; error: unknown }
  | { type: `xstate.done.actor.read.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.read.${string}`; actorId: string; error: unknown };

/** Told to the composer when its message was taken: it empties itself. */
export type ThreadEmitted = { type: 'thread.posted' };

const refers = (value: unknown, id: string): boolean =>
  typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id;

/** `view` (LOADING, READY, FAILED) beside `composer` (IDLE, SENDING) and `resolve` (IDLE, SAVING). */
export const threadMachine = setup({
  types: {
    context: {} as ThreadContext,
    events: {} as ThreadEvent,
    input: {} as ThreadInput,
    emitted: {} as ThreadEmitted,
  },
  actors: { sessionWatch, operation: operationLogic },
  guards: {
    isThreadMessage: ({ context, event }) =>
      event.type === 'session.pushed' &&
      event.frame.o === Push.itemUpdate &&
      isItem(event.frame.b) &&
      event.frame.b._t === 'Message' &&
      refers(event.frame.b.thread, context.threadId),
    isReconnected: ({ event }) => event.type === 'session.pushed' && event.frame.o === Push.authed,
    hasUnread: ({ context }) => !!context.messages?.some((m) => m.unread),
  },
  actions: {
    store: assign((_, params: { messages: ThreadMessage[]; participants: string[] }) => ({
      messages: params.messages,
      participants: params.participants,
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
    storeSendError: assign((_, params: { error: unknown }) => ({ sendError: toResourceError(failureOf(params.error)) })),
    clearSendError: assign({ sendError: null }),
    clearResolveError: assign({ resolveError: null }),
    storeResolveError: assign((_, params: { error: unknown }) => ({ resolveError: toResourceError(failureOf(params.error)) })),
    markRead: enqueueActions(({ context, enqueue }) => {
      const reads = context.reads + 1;
      enqueue.assign({ reads });
      enqueue.spawnChild('operation', {
        id: `read.${reads}`,
        input: callOf(conversationOperations.markRead, { threadId: context.threadId }),
      });
    }),
    // The read mark is in: the user's unread counts are asked for again.
    readDone: enqueueActions(({ enqueue, system }, params: { actorId: string }) => {
      enqueue.stopChild(params.actorId);
      const conversations = getConversations(system);
      if (conversations) enqueue.sendTo(conversations, { type: 'conversations.refresh' });
    }),
    posted: emit({ type: 'thread.posted' } as const),
    wake: enqueueActions(({ enqueue, system }) => {
      const conversations = getConversations(system);
      if (conversations) enqueue.sendTo(conversations, { type: 'conversations.refresh' });
    }),
  },
}).createMachine({
  id: 'thread',
  context: ({ input }) => ({ ...input, messages: null, participants: [], error: null, sendError: null, resolveError: null, reads: 0 }),
  invoke: { src: 'sessionWatch', input: { pushes: true } },
  // The session's conversations actor keeps the Message watch this screen's pushes come through.
  entry: 'wake',
  type: 'parallel',
  on: {
    'xstate.done.actor.read.*': { actions: { type: 'readDone', params: ({ event }) => ({ actorId: event.actorId }) } },
    'xstate.error.actor.read.*': { actions: { type: 'readDone', params: ({ event }) => ({ actorId: event.actorId }) } },
  },
  states: {
    view: {
      initial: 'LOADING',
      on: {
        'session.pushed': [
          { guard: 'isThreadMessage', target: '.LOADING', reenter: true },
          { guard: 'isReconnected', target: '.LOADING', reenter: true },
        ],
      },
      states: {
        LOADING: {
          invoke: {
            id: 'load',
            src: 'operation',
            input: ({ context }) => callOf(conversationOperations.messages, { threadId: context.threadId }),
            onDone: {
              target: 'READY',
              actions: { type: 'store', params: ({ event }) => event.output as { messages: ThreadMessage[]; participants: string[] } },
            },
            onError: { target: 'FAILED', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        READY: { entry: enqueueActions(({ check, enqueue }) => (check('hasUnread') ? enqueue('markRead') : undefined)) },
        FAILED: { on: { 'thread.retried': 'LOADING' } },
      },
    },
    composer: {
      initial: 'IDLE',
      states: {
        IDLE: { on: { 'thread.sent': { target: 'SENDING', actions: 'clearSendError' } } },
        SENDING: {
          invoke: {
            id: 'post',
            src: 'operation',
            input: ({ context, event }) =>
              callOf(conversationOperations.post, {
                threadId: context.threadId,
                body: event.type === 'thread.sent' ? event.body : '',
                attachments: event.type === 'thread.sent' ? event.attachments : [],
              }),
            onDone: { target: 'IDLE', actions: 'posted' },
            onError: { target: 'IDLE', actions: { type: 'storeSendError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    resolve: {
      initial: 'IDLE',
      states: {
        IDLE: { on: { 'thread.resolvedSet': { target: 'SAVING', actions: 'clearResolveError' } } },
        SAVING: {
          invoke: {
            id: 'resolve',
            src: 'operation',
            input: ({ context, event }) =>
              callOf(operations.update, {
                $id: context.threadId,
                _u: event.type === 'thread.resolvedSet' ? event.u : 0,
                resolved: event.type === 'thread.resolvedSet' && event.resolved,
              }),
            onDone: 'IDLE',
            onError: { target: 'IDLE', actions: { type: 'storeResolveError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type ThreadActorRef = ActorRefFrom<typeof threadMachine>;
export type ThreadSnapshot = SnapshotFrom<typeof threadMachine>;

/** The thread's messages, oldest first (null until the first answer). */
export const selectMessages = (s: ThreadSnapshot): ThreadMessage[] | null => s.context.messages;
/** Who takes part in the thread, by name. */
export const selectParticipants = (s: ThreadSnapshot): string[] => s.context.participants;
/** Why the messages could not be loaded. */
export const selectThreadError = (s: ThreadSnapshot): ResourceError | null => s.context.error;
/** Why the last message could not be sent. */
export const selectSendError = (s: ThreadSnapshot): ResourceError | null => s.context.sendError;
/** Whether a message is being sent. */
export const selectSending = (s: ThreadSnapshot): boolean => s.matches({ composer: 'SENDING' });
/** Why the resolved toggle was refused. */
export const selectResolveError = (s: ThreadSnapshot): ResourceError | null => s.context.resolveError;
/** Whether the resolved toggle is being saved. */
export const selectResolving = (s: ThreadSnapshot): boolean => s.matches({ resolve: 'SAVING' });
/** Whether the messages are being loaded (again). */
export const selectThreadLoading = (s: ThreadSnapshot): boolean => s.matches({ view: 'LOADING' });
