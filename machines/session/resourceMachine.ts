/**
 * The shape every "load, show, save, refuse" screen shares (CONVENTIONS.md "Remote resources"): it
 * loads its operation's answer, shows it, saves through another operation and then loads again, and
 * says why when the server refuses. A screen's actor is this machine with its calls as input.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { OperationCall } from '../../src/shared/protocol/operationCall';
import { failureOf, operationLogic } from './operation';
import type { RequestFailure } from './sessionErrors';
import { sayApplied } from './sayApplied';

/** What a refusal shows: the catalogue key, and the form fields the server named (validationFailed). */
export interface ResourceError {
  userMessage: string;
  sysMessage?: string;
  fields?: Record<string, string>;
}

export interface ResourceContext {
  /** The operation whose answer the screen shows. */
  load: OperationCall;
  /** The last answer (kept while a reload or a save runs, and after a refused save). */
  data: unknown;
  /** The save under way. */
  saving: OperationCall | null;
  error: ResourceError | null;
}

export type ResourceEvent =
  | { type: 'resource.reloadRequested' }
  /** Sends `call`; on success says so (app.applied) and loads again. */
  | { type: 'resource.saveRequested'; call: OperationCall };

/** The error a screen shows for `failure`. */
export function toResourceError(failure: RequestFailure): ResourceError {
  if (failure.kind === 'client')
    return { userMessage: failure.key, ...(failure.detail === undefined ? {} : { sysMessage: failure.detail }) };
  return {
    userMessage: failure.userMessage,
    ...(failure.sysMessage === undefined ? {} : { sysMessage: failure.sysMessage }),
    ...(failure.fields === undefined ? {} : { fields: failure.fields }),
  };
}

/** LOADING, READY, SAVING, REFUSED (nothing to show: the load was refused). */
export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as { load: OperationCall },
  },
  actors: { operation: operationLogic },
  actions: {
    store: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
    startSave: assign({ saving: ({ event }) => (event.type === 'resource.saveRequested' ? event.call : null), error: null }),
    endSave: assign({ saving: null }),
    sayApplied: enqueueActions(({ enqueue, system }) => {
      sayApplied(enqueue, system);
    }),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ load: input.load, data: null, saving: null, error: null }),
  initial: 'LOADING',
  states: {
    LOADING: {
      invoke: {
        id: 'load',
        src: 'operation',
        input: ({ context }) => context.load,
        onDone: { target: 'READY', actions: { type: 'store', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'REFUSED', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    READY: {
      on: {
        'resource.reloadRequested': 'LOADING',
        'resource.saveRequested': { target: 'SAVING', actions: 'startSave' },
      },
    },
    SAVING: {
      invoke: {
        id: 'save',
        src: 'operation',
        input: ({ context }) => context.saving ?? context.load,
        onDone: { target: 'LOADING', actions: ['endSave', 'sayApplied'] },
        onError: { target: 'READY', actions: ['endSave', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    REFUSED: { on: { 'resource.reloadRequested': 'LOADING' } },
  },
});

export type ResourceActorRef = ActorRefFrom<typeof resourceMachine>;
type Snapshot = SnapshotFrom<typeof resourceMachine>;

/** The selector of the answer of a resource loading `load`, typed by its operation (null until answered). */
export const selectResourceData =
  <R>(load: OperationCall<R>) =>
  (snapshot: Snapshot): R | null =>
    snapshot.context.load.o === load.o ? (snapshot.context.data as R | null) : null;
/** Why the last load or save was refused. */
export const selectResourceError = (snapshot: Snapshot): ResourceError | null => snapshot.context.error;
/** Whether a load or a save is under way. */
export const selectResourceBusy = (snapshot: Snapshot): boolean => snapshot.matches('LOADING') || snapshot.matches('SAVING');
