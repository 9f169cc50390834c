/**
 * The "Live help recordings" panel of a user's record (src/modules/assist/ui/RecordingsPanel.tsx):
 * loads her recordings (act/assistRecordings), deletes one and loads again, and follows them live as
 * a related-items list does: it watches the Attachment type (`addWatch/Attachment-0`) and loads again
 * when a pushed Attachment hangs on her record as a recording (one saved in another tab), and after a
 * reconnection.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isItem } from '../../src/shared/items/isItem';
import { Push } from '../../src/shared/protocol';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { unwatchTypeOnStop } from '../dashboard/unwatchTypeOnStop';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { failureOf, operationLogic } from '../session/operation';
import { toResourceError, type ResourceError } from '../session/resourceMachine';
import { sayApplied } from '../session/sayApplied';

/** The type whose pushes the panel follows. */
const ATTACHMENT_TYPE = 'Attachment';
const UNWATCH_ID = 'unwatch';

export interface UserRecordingsInput {
  /** The user's record: its type's index (`User-<index>`). */
  userIndex: number;
  /** The Attachment property recordings hang under. */
  relProp: string;
  /** act/assistRecordings for the user. */
  load: OperationCall;
}

export interface UserRecordingsContext extends UserRecordingsInput {
  /** The last answer (kept while it loads again or saves). */
  data: unknown;
  error: ResourceError | null;
  /** The deletion under way. */
  saving: OperationCall | null;
  /** Numbers of the type watches asked for (`watch.<n>`), one per socket the panel has lived on. */
  watches: number;
  watching: boolean;
}

export type UserRecordingsEvent =
  | { type: 'recordings.deleteRequested'; call: OperationCall }
  | { type: 'recordings.reloadRequested' }
  | SessionWatchEvent
  | { type: 'xstate.done.actor.load'; output: unknown }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.save'; output: unknown }
  | { type: 'xstate.error.actor.save'; error: unknown }
  | { type: `xstate.done.actor.watch.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.watch.${string}`; actorId: string; error: unknown };

const countOf = (output: unknown): number | null =>
  typeof output === 'object' && output !== null && typeof (output as { count?: unknown }).count === 'number'
    ? (output as { count: number }).count
    : null;

/** LOADING, READY, SAVING (a deletion), with the type watch beside them. */
export const userRecordingsMachine = setup({
  types: {
    context: {} as UserRecordingsContext,
    events: {} as UserRecordingsEvent,
    input: {} as UserRecordingsInput,
  },
  actors: { sessionWatch, unwatchTypeOnStop, operation: operationLogic },
  guards: {
    // A recording of this user changed: the Attachment says so itself (its relation).
    isRecordingOfUser: ({ context, event }) => {
      if (event.type !== 'session.pushed' || event.frame.o !== Push.itemUpdate || !isItem(event.frame.b)) return false;
      const file = event.frame.b;
      return (
        file._t === ATTACHMENT_TYPE &&
        file.relType === 'User' &&
        Number(file.relIndex) === context.userIndex &&
        file.relProp === context.relProp
      );
    },
    isReconnected: ({ event }) => event.type === 'session.pushed' && event.frame.o === Push.authed,
  },
  actions: {
    watch: enqueueActions(({ context, enqueue }) => {
      const watches = context.watches + 1;
      enqueue.assign({ watches, watching: false });
      enqueue.spawnChild('operation', { id: `watch.${watches}`, input: callOf(operations.addWatch, {}, { id: `${ATTACHMENT_TYPE}-0` }) });
    }),
    keepWatch: enqueueActions(({ enqueue }, params: { actorId: string; output: unknown }) => {
      enqueue.stopChild(params.actorId);
      const count = countOf(params.output);
      if (count === null) return;
      enqueue.assign({ watching: true });
      enqueue.sendTo(UNWATCH_ID, { type: 'card.watchAdded', count });
    }),
    dropWatch: enqueueActions(({ enqueue }, params: { actorId: string }) => {
      enqueue.stopChild(params.actorId);
      enqueue.assign({ watching: false });
    }),
    forgetWatches: enqueueActions(({ enqueue }) => {
      enqueue.assign({ watching: false });
      enqueue.sendTo(UNWATCH_ID, { type: 'card.watchesLost' });
    }),
    store: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
    startSave: assign({ saving: ({ event }) => (event.type === 'recordings.deleteRequested' ? event.call : null), error: null }),
    endSave: assign({ saving: null }),
    storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
    // Another signed-in user's answer is not this one's.
    forget: assign({ data: null, error: null }),
    sayApplied: enqueueActions(({ enqueue, system }) => {
      sayApplied(enqueue, system);
    }),
  },
}).createMachine({
  id: 'userRecordings',
  context: ({ input }) => ({ ...input, data: null, error: null, saving: null, watches: 0, watching: false }),
  invoke: [
    { src: 'sessionWatch', input: { pushes: true, caches: true } },
    { id: UNWATCH_ID, src: 'unwatchTypeOnStop', input: { type: ATTACHMENT_TYPE } },
  ],
  entry: 'watch',
  on: {
    'session.pushed': { guard: 'isReconnected', target: '.LOADING', actions: ['forgetWatches', 'watch'] },
    'session.cachesDropped': { target: '.LOADING', actions: 'forget' },
    'xstate.done.actor.watch.*': {
      actions: { type: 'keepWatch', params: ({ event }) => ({ actorId: event.actorId, output: event.output }) },
    },
    'xstate.error.actor.watch.*': { actions: { type: 'dropWatch', params: ({ event }) => ({ actorId: event.actorId }) } },
  },
  initial: 'LOADING',
  states: {
    LOADING: {
      invoke: {
        id: 'load',
        src: 'operation',
        input: ({ context }) => context.load,
        onDone: { target: 'READY', actions: { type: 'store', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'READY', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    READY: {
      on: {
        'recordings.reloadRequested': 'LOADING',
        'recordings.deleteRequested': { target: 'SAVING', actions: 'startSave' },
        'session.pushed': [
          { guard: 'isRecordingOfUser', target: 'LOADING' },
          { guard: 'isReconnected', target: 'LOADING', actions: ['forgetWatches', 'watch'] },
        ],
      },
    },
    SAVING: {
      invoke: {
        id: 'save',
        src: 'operation',
        input: ({ context }) => context.saving!,
        onDone: { target: 'LOADING', actions: ['endSave', 'sayApplied'] },
        onError: { target: 'READY', actions: ['endSave', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
  },
});

export type UserRecordingsActorRef = ActorRefFrom<typeof userRecordingsMachine>;
export type UserRecordingsSnapshot = SnapshotFrom<typeof userRecordingsMachine>;

/** The last answer (null until the first). */
export const selectRecordingsData = (s: UserRecordingsSnapshot): unknown => s.context.data;
/** Why the last load or save was refused. */
export const selectRecordingsError = (s: UserRecordingsSnapshot): ResourceError | null => s.context.error;
/** Whether a load or a deletion is under way. */
export const selectRecordingsBusy = (s: UserRecordingsSnapshot): boolean => !s.matches('READY');
