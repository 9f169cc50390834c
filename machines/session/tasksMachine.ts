/**
 * Long-running background tasks (spec 000 §3 Task, §4 Cells): progress from the server's pushes,
 * the result downloaded as soon as it exists, and a kill that the user confirms first. The list is
 * the signed-in user's: dropped with the item caches (spec 000 §4), so the next user never sees a
 * finished export of the previous one.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { TaskInfo } from '../../src/shared/protocol';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { getAlerts, getConnection } from '../systemIds';
import type { SessionEffects } from './sessionEffects';

/** A task as the help menu lists it. */
export interface TaskEntry extends TaskInfo {
  done: boolean;
  /** The result download was started (automatically or from the menu). */
  downloaded: boolean;
}

export interface TasksContext {
  tasks: TaskEntry[];
  /** The task whose kill awaits confirmation. */
  killKey: string | null;
  download: SessionEffects['download'];
}

export interface TasksInput {
  download: SessionEffects['download'];
}

export type TasksEvent =
  /** The session's activeTasks, on every `authed`. */
  | { type: 'tasks.synced'; tasks: TaskInfo[] }
  | { type: 'tasks.updated'; task: TaskInfo }
  | { type: 'tasks.completed'; task: TaskInfo }
  | { type: 'tasks.killRequested'; key: string }
  | { type: 'tasks.killConfirmed' }
  | { type: 'tasks.killCancelled' }
  | { type: 'tasks.downloadRequested'; key: string }
  /** The user removed a finished task from the list. */
  | { type: 'tasks.removed'; key: string }
  | SessionWatchEvent;

/** Emitted when a completed task deleted an item: open cells close and the item is marked deleted. */
export type TasksEmitted = { type: 'tasks.itemDeleted'; id: string };

/** The operation that kills a task. */
export const killOperation = (key: string): string => `activeTask/${key}`;

function upsert(tasks: TaskEntry[], entry: TaskEntry): TaskEntry[] {
  const index = tasks.findIndex((task) => task.key === entry.key);
  return index < 0 ? [...tasks, entry] : tasks.map((task, i) => (i === index ? entry : task));
}

/** Background tasks: progress, automatic result download, kill with confirmation, deleted-item notices. */
export const tasksMachine = setup({
  types: {
    context: {} as TasksContext,
    events: {} as TasksEvent,
    input: {} as TasksInput,
    emitted: {} as TasksEmitted,
  },
  actors: { sessionWatch },
  guards: {
    isKnownTask: ({ context, event }) =>
      event.type === 'tasks.killRequested' && context.tasks.some((task) => task.key === event.key && !task.done),
  },
  actions: {
    // Results that already existed before this page loaded are not downloaded again on every reload.
    syncTasks: assign(({ context, event }) => {
      if (event.type !== 'tasks.synced') return {};
      const finished = context.tasks.filter((task) => task.done && !event.tasks.some((t) => t.key === task.key));
      const active = event.tasks.map((task) => ({ ...task, done: false, downloaded: task.resultURI !== undefined }));
      return { tasks: [...active, ...finished] };
    }),
    applyTask: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'tasks.updated' && event.type !== 'tasks.completed') return;
      const { task } = event;
      const done = event.type === 'tasks.completed';
      const previous = context.tasks.find((t) => t.key === task.key);
      const downloadNow = task.resultURI !== undefined && !previous?.downloaded;
      enqueue.assign({ tasks: upsert(context.tasks, { ...task, done, downloaded: downloadNow || (previous?.downloaded ?? false) }) });
      if (downloadNow && task.resultURI) {
        const uri = task.resultURI;
        enqueue(() => context.download(uri));
      }
      if (!done) return;
      if (task.errorKey) {
        const alerts = getAlerts(system);
        if (alerts) enqueue.sendTo(alerts, { type: 'alerts.errorRaised', error: { errorKey: task.errorKey } });
      } else if (task.keyAction === 'delete' && task.keyItem) {
        enqueue.emit({ type: 'tasks.itemDeleted', id: task.keyItem });
      }
    }),
    downloadResult: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'tasks.downloadRequested') return;
      const task = context.tasks.find((t) => t.key === event.key);
      if (!task?.resultURI) return;
      const uri = task.resultURI;
      enqueue(() => context.download(uri));
      enqueue.assign({ tasks: upsert(context.tasks, { ...task, downloaded: true }) });
    }),
    dropTasks: assign({ tasks: [] }),
    removeTask: assign(({ context, event }) =>
      event.type === 'tasks.removed' ? { tasks: context.tasks.filter((task) => task.key !== event.key) } : {},
    ),
    rememberKill: assign(({ event }) => (event.type === 'tasks.killRequested' ? { killKey: event.key } : {})),
    forgetKill: assign({ killKey: null }),
    sendKill: enqueueActions(({ context, enqueue, system }) => {
      const connection = getConnection(system);
      if (connection && context.killKey) {
        enqueue.sendTo(connection, { type: 'connection.send', frame: { o: killOperation(context.killKey), b: 'killTask' } });
      }
    }),
  },
}).createMachine({
  id: 'tasks',
  context: ({ input }) => ({ tasks: [], killKey: null, download: input.download }),
  invoke: { src: 'sessionWatch', input: { caches: true } },
  initial: 'IDLE',
  on: {
    // IDLE forgets a kill that awaited confirmation: the task was the previous user's.
    'session.cachesDropped': { target: '.IDLE', actions: 'dropTasks' },
    'tasks.synced': { actions: 'syncTasks' },
    'tasks.updated': { actions: 'applyTask' },
    'tasks.completed': { actions: 'applyTask' },
    'tasks.downloadRequested': { actions: 'downloadResult' },
    'tasks.removed': { actions: 'removeTask' },
  },
  states: {
    // Forgotten on entering IDLE rather than on leaving the confirmation, which still needs the key to send the kill.
    IDLE: {
      entry: 'forgetKill',
      on: { 'tasks.killRequested': { guard: 'isKnownTask', target: 'CONFIRMING_KILL', actions: 'rememberKill' } },
    },
    // The help menu shows app.killTaskConfirm for context.killKey.
    CONFIRMING_KILL: {
      on: {
        'tasks.killConfirmed': { target: 'IDLE', actions: 'sendKill' },
        'tasks.killCancelled': 'IDLE',
      },
    },
  },
});
