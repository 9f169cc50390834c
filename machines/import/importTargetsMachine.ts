/**
 * The items an Import may go into (ImportKindDef.reader.into, e.g. the spatial module's collections):
 * those of the type the caller may read, by label, for the Import's screen to offer. Loads once, and
 * again when asked (a new one was made meanwhile).
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import type { SearchReply } from '../../src/shared/search';
import { connectionOperationLogic, failureOf } from '../session/operation';
import type { ConnectionActorRef } from '../systemIds';

/** Most targets offered (a community's collections are a few dozen). */
export const IMPORT_TARGETS_MAX = 500;

/** One item an Import may go into. */
export interface ImportTarget {
  id: string;
  label: string;
}

export interface ImportTargetsInput {
  /** The type of the items offered. */
  type: string;
  connection: ConnectionActorRef | null;
}

export interface ImportTargetsContext extends ImportTargetsInput {
  targets: ImportTarget[];
  /** Why they could not be loaded: a message key. */
  error: string | null;
}

export type ImportTargetsEvent = { type: 'importTargets.reloadRequested' };

/** The items of `reply` in its order, with their labels. */
const targetsOf = (reply: unknown): ImportTarget[] => {
  const { ids, labels } = reply as SearchReply;
  return ids.map((id) => ({ id, label: labels?.[id] ?? '' }));
};

const errorOf = (error: unknown): string => {
  const failure = failureOf(error);
  return failure.kind === 'client' ? failure.key : `errors.${failure.userMessage}`;
};

/** LOADING, READY, FAILED. */
export const importTargetsMachine = setup({
  types: {
    context: {} as ImportTargetsContext,
    events: {} as ImportTargetsEvent,
    input: {} as ImportTargetsInput,
  },
  actors: { operation: connectionOperationLogic },
  actions: {
    store: assign((_, params: { reply: unknown }) => ({ targets: targetsOf(params.reply), error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorOf(params.error) })),
  },
}).createMachine({
  id: 'importTargets',
  context: ({ input }) => ({ ...input, targets: [], error: null }),
  initial: 'LOADING',
  states: {
    LOADING: {
      invoke: {
        id: 'load',
        src: 'operation',
        input: ({ context }) => ({
          call: callOf(operations.search, {
            must: [{ prop: '', kind: '_', value: context.type }],
            sort: [{ key: 'label', order: 'asc' }],
            labels: true,
            max: IMPORT_TARGETS_MAX,
          }),
          connection: context.connection,
        }),
        onDone: { target: 'READY', actions: { type: 'store', params: ({ event }) => ({ reply: event.output }) } },
        onError: { target: 'FAILED', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    READY: { on: { 'importTargets.reloadRequested': 'LOADING' } },
    FAILED: { on: { 'importTargets.reloadRequested': 'LOADING' } },
  },
});

export type ImportTargetsActorRef = ActorRefFrom<typeof importTargetsMachine>;
type Snapshot = SnapshotFrom<typeof importTargetsMachine>;

/** The items offered, by label. */
export const selectImportTargets = (s: Snapshot): ImportTarget[] => s.context.targets;
/** Whether they are still loading. */
export const selectImportTargetsLoading = (s: Snapshot): boolean => s.matches('LOADING');
/** Why they could not be loaded. */
export const selectImportTargetsError = (s: Snapshot): string | null => s.context.error;
