/**
 * The screen of one Import (docs/modules.md "Imports and exports"): choose what it imports (its
 * kind, saved on the item) and, for a kind with a reader, what it goes into (`into`), upload a CSV or XLSX file (tus, with progress), which starts a dry run
 * at once; then import for real. A run is a task: its progress comes from the task pushes the
 * session's tasks actor keeps, and a kill goes through that actor's confirmation. The outcome
 * (status, counts, preview, report) arrives on the Import item itself, pushed by the server.
 */
import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Item } from '../../src/shared/items/types';
import type { TaskInfo, UserMessage } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { connectionOperationLogic, failureOf } from '../session/operation';
import type { SessionEffects, UploadFailure } from '../session/sessionEffects';
import type { ConnectionActorRef, TasksActorRef } from '../systemIds';

/** The name of the import task (`act/import/async`). */
export const IMPORT_TASK_NAME = 'import';

export interface ImportInput {
  /** `Import-n`. */
  importId: string;
  upload: SessionEffects['upload'];
  /** The signed-in user's token when an upload starts. */
  token: () => string | null;
  /** The session's connection and tasks actor: the screen's actor runs outside the session's system. */
  connection: ConnectionActorRef | null;
  tasks: TasksActorRef | null;
}

export interface ImportContext extends ImportInput {
  /** The file on its way: its name and bytes sent of all. */
  file: { name: string; sent: number; total: number } | null;
  /** The uploaded file's Attachment, until its dry run has started. */
  attachmentId: string | null;
  /** The run under way: its task and whether it is a dry run. */
  run: { dryRun: boolean; key: string | null } | null;
  /** Why the last step failed: a message key. */
  error: string | null;
}

export type ImportEvent =
  /** A kind was chosen for the Import `item` (as read). */
  | { type: 'import.kindChosen'; item: Item; kind: string }
  /** What the Import goes into was chosen (its kind's reader imports into an item: ImportKindDef.reader.into). */
  | { type: 'import.intoChosen'; item: Item; into: string }
  | { type: 'import.fileChosen'; file: File }
  /** Check the stored file again (dry run). */
  | { type: 'import.previewRequested' }
  /** Import the stored file for real. */
  | { type: 'import.startRequested' }
  | { type: 'import.killRequested' }
  | { type: 'import.errorDismissed' }
  | { type: 'import.progressed'; sent: number; total: number }
  | { type: 'import.uploaded'; id: string }
  | { type: 'import.uploadFailed'; reason?: UserMessage }
  /** The tasks actor saw the run's task end. */
  | { type: 'import.taskEnded'; task: TaskInfo };

/** Runs the upload through the effect; stopping it aborts the upload. */
const uploader = fromCallback<ImportEvent, { file: File; upload: SessionEffects['upload']; token: string | null; importId: string }>(
  ({ input, sendBack }) => {
    let finished = false;
    const [relType, relIndex] = input.importId.split('-');
    const handle = input.upload(input.file, {
      token: input.token,
      metadata: { filename: input.file.name, relType: relType!, relIndex: relIndex! },
      onProgress: (sent, total) => sendBack({ type: 'import.progressed', sent, total }),
    });
    handle.done.then(
      (id) => {
        finished = true;
        sendBack({ type: 'import.uploaded', id });
      },
      (error: UploadFailure) => {
        finished = true;
        sendBack(error?.reason ? { type: 'import.uploadFailed', reason: error.reason } : { type: 'import.uploadFailed' });
      },
    );
    return () => {
      if (!finished) handle.abort();
    };
  },
);

/** Follows the tasks actor until task `key` is done (its pushes: progress, then the end). */
const taskWatch = fromCallback<ImportEvent, { tasks: TasksActorRef | null; key: string }>(({ input, sendBack }) => {
  if (!input.tasks) return undefined;
  const check = (): boolean => {
    const task = input.tasks!.getSnapshot().context.tasks.find((t) => t.key === input.key);
    if (task?.done) sendBack({ type: 'import.taskEnded', task });
    return !!task?.done;
  };
  if (check()) return undefined;
  const subscription = input.tasks.subscribe(() => void check());
  return () => subscription.unsubscribe();
});

/** The Import as read, with the chosen kind or target: what `update` is sent. */
const choiceChange = (event: ImportEvent): Item => {
  if (event.type === 'import.intoChosen') return { ...event.item, into: { id: event.into } };
  const chosen = event as Extract<ImportEvent, { type: 'import.kindChosen' }>;
  return { ...chosen.item, kind: chosen.kind };
};

const errorOf = (error: unknown): string => {
  const failure = failureOf(error);
  if (failure.kind === 'client') return failure.key;
  const key = (failure as { userMessage?: string }).userMessage ?? 'generalFailure';
  return key.includes('.') ? key : `errors.${key}`;
};

/** IDLE, SAVING_KIND (the kind or the target chosen), UPLOADING, STARTING (the task asked for), RUNNING (until its task ends). */
export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as ImportInput,
  },
  actors: { uploader, taskWatch, operation: connectionOperationLogic },
  actions: {
    keepFile: assign(({ event }) =>
      event.type === 'import.fileChosen' ? { file: { name: event.file.name, sent: 0, total: event.file.size }, error: null } : {},
    ),
    progress: assign(({ context, event }) =>
      event.type === 'import.progressed' && context.file ? { file: { ...context.file, sent: event.sent, total: event.total } } : {},
    ),
    keepUploaded: assign(({ event }) =>
      event.type === 'import.uploaded' ? { attachmentId: event.id, run: { dryRun: true, key: null }, file: null } : {},
    ),
    uploadFailed: assign(({ event }) => ({
      file: null,
      error: event.type === 'import.uploadFailed' && event.reason ? `errors.${event.reason}` : 'errors.import.uploadFailed',
    })),
    askPreview: assign({ run: { dryRun: true, key: null }, error: null }),
    askImport: assign({ run: { dryRun: false, key: null }, error: null }),
    // The task shows in the help menu at once, and its pushes reach the tasks actor.
    started: enqueueActions(({ context, enqueue }, params: { output: unknown }) => {
      const task = params.output as TaskInfo | null;
      if (!task || typeof task.key !== 'string') return;
      enqueue.assign({ run: { dryRun: context.run?.dryRun ?? true, key: task.key }, attachmentId: null, file: null });
      if (context.tasks) enqueue.sendTo(context.tasks, { type: 'tasks.updated', task: { ...task, asyncKey: IMPORT_TASK_NAME } });
    }),
    failed: assign((_, params: { error: unknown }) => ({ error: errorOf(params.error), run: null, file: null, attachmentId: null })),
    ended: assign(({ event }) => ({
      run: null,
      // A kill is the user's own doing; any other end that failed is said.
      error:
        event.type === 'import.taskEnded' && event.task.errorKey && event.task.errorKey !== 'errors.taskKilled'
          ? event.task.errorKey
          : null,
    })),
    askKill: enqueueActions(({ context, enqueue }) => {
      if (context.tasks && context.run?.key) enqueue.sendTo(context.tasks, { type: 'tasks.killRequested', key: context.run.key });
    }),
    forget: assign({ error: null }),
  },
}).createMachine({
  id: 'import',
  context: ({ input }) => ({ ...input, file: null, attachmentId: null, run: null, error: null }),
  initial: 'IDLE',
  states: {
    IDLE: {
      on: {
        'import.kindChosen': { target: 'SAVING_KIND', actions: 'forget' },
        'import.intoChosen': { target: 'SAVING_KIND', actions: 'forget' },
        'import.fileChosen': { target: 'UPLOADING', actions: 'keepFile' },
        'import.previewRequested': { target: 'STARTING', actions: 'askPreview' },
        'import.startRequested': { target: 'STARTING', actions: 'askImport' },
        'import.errorDismissed': { actions: 'forget' },
      },
    },
    SAVING_KIND: {
      invoke: {
        id: 'saveKind',
        src: 'operation',
        input: ({ context, event }) => ({
          call: callOf(operations.update, choiceChange(event)),
          connection: context.connection,
        }),
        onDone: { target: 'IDLE' },
        onError: { target: 'IDLE', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    UPLOADING: {
      invoke: {
        id: 'upload',
        src: 'uploader',
        input: ({ context, event }) => ({
          file: (event as Extract<ImportEvent, { type: 'import.fileChosen' }>).file,
          upload: context.upload,
          token: context.token(),
          importId: context.importId,
        }),
      },
      on: {
        'import.progressed': { actions: 'progress' },
        'import.uploaded': { target: 'STARTING', actions: 'keepUploaded' },
        'import.uploadFailed': { target: 'IDLE', actions: 'uploadFailed' },
      },
    },
    STARTING: {
      invoke: {
        id: 'start',
        src: 'operation',
        input: ({ context }) => ({
          call: callOf(
            operations.startTask,
            {
              importId: context.importId,
              dryRun: context.run?.dryRun ?? true,
              ...(context.attachmentId ? { attachmentId: context.attachmentId } : {}),
            },
            { name: IMPORT_TASK_NAME },
          ),
          connection: context.connection,
        }),
        onDone: { target: 'RUNNING', actions: { type: 'started', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'IDLE', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    RUNNING: {
      invoke: { id: 'watch', src: 'taskWatch', input: ({ context }) => ({ tasks: context.tasks, key: context.run?.key ?? '' }) },
      on: {
        'import.killRequested': { actions: 'askKill' },
        'import.taskEnded': { target: 'IDLE', actions: 'ended' },
      },
    },
  },
});

export type ImportActorRef = ActorRefFrom<typeof importMachine>;
type Snapshot = SnapshotFrom<typeof importMachine>;

/** What the screen is doing: choosing, saving the kind, uploading, starting or running a run. */
export const selectImportStep = (s: Snapshot): 'IDLE' | 'SAVING_KIND' | 'UPLOADING' | 'STARTING' | 'RUNNING' =>
  s.value as 'IDLE' | 'SAVING_KIND' | 'UPLOADING' | 'STARTING' | 'RUNNING';
export const selectImportFile = (s: Snapshot): ImportContext['file'] => s.context.file;
export const selectImportRun = (s: Snapshot): ImportContext['run'] => s.context.run;
export const selectImportError = (s: Snapshot): string | null => s.context.error;
