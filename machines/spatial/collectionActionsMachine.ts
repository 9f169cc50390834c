/**
 * The actions of a collection's screen (issue 17): asks the server which it may offer
 * (act/spatialCollectionActions), then exports the collection's places as GeoJSON or KML (the
 * export task, handed to the tasks actor, which shows its progress and downloads its file), or makes
 * an Import of a GIS file into the collection and opens it next to the collection's column.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CollectionActions } from '../../src/modules/spatial/operations';
import { spatialOperations } from '../../src/modules/spatial/operations';
import { SPATIAL_FEATURES } from '../../src/modules/spatial/gisImportKind';
import type { TaskInfo } from '../../src/shared/protocol';
import { operations } from '../../src/shared/protocol/operations';
import type { Item } from '../../src/shared/items/types';
import { callOf } from '../../src/shared/protocol/operationCall';
import { failureOf, operationLogic } from '../session/operation';
import { getAlerts, getRouter, getTasks } from '../systemIds';

/** The formats a collection is exported to (the export task's `format`). */
export const EXPORT_FORMATS = ['GEOJSON', 'KML'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface CollectionActionsInput {
  collectionId: string;
  /** The key of the collection's column: the Import opens next to it. */
  cellKey: string;
}

export interface CollectionActionsContext extends CollectionActionsInput {
  allowed: CollectionActions;
  /** The format of the export being started. */
  format: ExportFormat | null;
  /** The Import's label (the screen words it). */
  importLabel: string;
}

export type CollectionActionsEvent =
  | { type: 'collection.exportRequested'; format: ExportFormat }
  /** `label` names the new Import ("Places for Harvest sites"). */
  | { type: 'collection.importRequested'; label: string }
  | { type: 'xstate.done.actor.allowed'; output: CollectionActions }
  | { type: 'xstate.error.actor.allowed'; error: unknown }
  | { type: 'xstate.done.actor.export'; output: TaskInfo }
  | { type: 'xstate.error.actor.export'; error: unknown }
  | { type: 'xstate.done.actor.import'; output: Item }
  | { type: 'xstate.error.actor.import'; error: unknown };

const NOTHING: CollectionActions = { export: false, import: false };

/** The message key of a failed request. */
const failureKey = (error: unknown): string => {
  const failure = failureOf(error);
  return failure.kind === 'client' ? failure.key : `errors.${failure.userMessage}`;
};

/** LOADING the answers, then READY to offer them; EXPORTING or CREATING_IMPORT while one starts. */
export const collectionActionsMachine = setup({
  types: {
    context: {} as CollectionActionsContext,
    events: {} as CollectionActionsEvent,
    input: {} as CollectionActionsInput,
  },
  actors: { operation: operationLogic },
  guards: {
    mayExport: ({ context }) => context.allowed.export,
    mayImport: ({ context }) => context.allowed.import,
  },
  actions: {
    storeAllowed: assign((_, params: { allowed: CollectionActions }) => ({ allowed: params.allowed })),
    chooseFormat: assign(({ event }) => (event.type === 'collection.exportRequested' ? { format: event.format } : {})),
    nameImport: assign(({ event }) => (event.type === 'collection.importRequested' ? { importLabel: event.label } : {})),
    // The task shows in the help menu at once; the tasks actor downloads its result when it is done.
    trackExport: enqueueActions(({ enqueue, system }, params: { task: TaskInfo }) => {
      const tasks = getTasks(system);
      if (tasks && typeof params.task?.key === 'string') enqueue.sendTo(tasks, { type: 'tasks.updated', task: params.task });
    }),
    openImport: enqueueActions(({ context, enqueue, system }, params: { item: Item }) => {
      const router = getRouter(system);
      if (router) enqueue.sendTo(router, { type: 'router.opened', fromKey: context.cellKey, segment: `i-${params.item.$id}` });
    }),
    sayFailed: enqueueActions(({ enqueue, system }, params: { error: unknown }) => {
      const alerts = getAlerts(system);
      if (alerts) enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'ERROR', message: failureKey(params.error) } });
    }),
  },
}).createMachine({
  id: 'collectionActions',
  context: ({ input }) => ({ ...input, allowed: NOTHING, format: null, importLabel: '' }),
  initial: 'LOADING',
  states: {
    // Nothing is offered until the server answered; a refused question offers nothing.
    LOADING: {
      invoke: {
        id: 'allowed',
        src: 'operation',
        input: ({ context }) => callOf(spatialOperations.spatialCollectionActions, { collectionId: context.collectionId }),
        onDone: {
          target: 'READY',
          actions: { type: 'storeAllowed', params: ({ event }) => ({ allowed: event.output as CollectionActions }) },
        },
        onError: 'READY',
      },
    },
    READY: {
      on: {
        'collection.exportRequested': { guard: 'mayExport', target: 'EXPORTING', actions: 'chooseFormat' },
        'collection.importRequested': { guard: 'mayImport', target: 'CREATING_IMPORT', actions: 'nameImport' },
      },
    },
    EXPORTING: {
      invoke: {
        id: 'export',
        src: 'operation',
        input: ({ context }) =>
          callOf(
            operations.startTask,
            { collectionId: context.collectionId, format: context.format ?? 'GEOJSON' },
            { name: 'spatialExport' },
          ),
        onDone: { target: 'READY', actions: { type: 'trackExport', params: ({ event }) => ({ task: event.output as TaskInfo }) } },
        onError: { target: 'READY', actions: { type: 'sayFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    CREATING_IMPORT: {
      invoke: {
        id: 'import',
        src: 'operation',
        input: ({ context }) =>
          callOf(
            operations.create,
            { label: context.importLabel, kind: SPATIAL_FEATURES, into: { id: context.collectionId } },
            { type: 'Import' },
          ),
        onDone: { target: 'READY', actions: { type: 'openImport', params: ({ event }) => ({ item: event.output as Item }) } },
        onError: { target: 'READY', actions: { type: 'sayFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type CollectionActionsRef = ActorRefFrom<typeof collectionActionsMachine>;
export type CollectionActionsSnapshot = SnapshotFrom<typeof collectionActionsMachine>;

/** What the screen offers: nothing until the server answered. */
export const selectCollectionActions = (s: CollectionActionsSnapshot): CollectionActions => s.context.allowed;
/** Whether an export or an Import is being started (its buttons wait). */
export const selectCollectionActionBusy = (s: CollectionActionsSnapshot): boolean => !s.matches('READY');
