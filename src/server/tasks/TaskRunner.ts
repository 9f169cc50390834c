import { randomBytes } from 'node:crypto';
import * as yup from 'yup';
import { Push, type TaskInfo } from '../../shared/protocol';
import { objectStoreOf, type ObjectBody, type ObjectKey } from '../files/objectStore';
import { OpError } from '../OpError';
import type { Principal } from '../policy/Principal';
import type { Services } from '../services';
import { TaskError } from './TaskError';
import type { TaskResult } from './TaskKind';
import { taskKinds } from './taskKinds';
import { TaskStore, toTaskInfo, type TaskEnd, type TaskRow } from './TaskStore';

/** Channel on which a kill reaches the process that runs the task. */
export const TASK_KILL_CHANNEL = 'kk_task_kill';
/** Error keys of tasks that did not finish. */
export const TaskErrorKey = {
  interrupted: 'errors.taskInterrupted',
  killed: 'errors.taskKilled',
  failed: 'errors.taskFailed',
} as const;

/** Tasks one process runs at the same time; later ones wait (still listed, at 0 %). */
const CONCURRENCY = 2;
/** Least time between two progress pushes of one task, in ms: pushes travel through NOTIFY. */
const PROGRESS_INTERVAL_MS = 500;
/** Finished tasks and their result files are kept this long, in hours. */
const KEEP_RESULTS_HOURS = 24;

const runners = new WeakMap<Services, TaskRunner>();

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Runs long-running tasks in this process, one runner per process, stored in the `tasks` table.
 * The process that accepts a task runs it; progress and the end are pushed to the user's sockets on
 * every process. A heartbeat row says the process is alive: running tasks of a process not seen
 * for `taskStaleSeconds` are failed with errors.taskInterrupted, so none is silently lost.
 */
export class TaskRunner {
  /** This process's runner id. */
  readonly id = randomBytes(9).toString('base64url');
  private readonly running = new Map<string, Running>();
  private waiting: (() => void)[] = [];
  private active = 0;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  private constructor(private readonly services: Services) {}

  /** The runner of `services` (made by `start`). */
  static of(services: Services): TaskRunner {
    const runner = runners.get(services);
    if (!runner) throw new Error('The task runner was not started');
    return runner;
  }

  /** Starts this process's runner: fails tasks orphaned by dead processes and begins the heartbeat. */
  static async start(services: Services): Promise<TaskRunner> {
    const runner = new TaskRunner(services);
    runners.set(services, runner);
    await runner.begin();
    return runner;
  }

  /** Removes task `key`'s result (the folder of its result objects). */
  private async removeResult(key: string): Promise<void> {
    await objectStoreOf(this.services.config).removeAll(`results/${key}/`);
  }

  private async begin(): Promise<void> {
    const { db } = this.services;
    await TaskStore.heartbeat(db, this.id);
    this.unlisten = await db.listen(TASK_KILL_CHANNEL, (key) => this.running.get(key)?.controller.abort());
    // The embedded database admits one process (DATA_DIR is locked), so every running task is an orphan.
    await this.sweep(db.driver === 'pglite' ? 0 : this.services.config.taskStaleSeconds);
    const beatMs = Math.max(500, (this.services.config.taskStaleSeconds * 1000) / 3);
    this.timer = setInterval(() => void this.tick(), beatMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      await TaskStore.heartbeat(this.services.db, this.id);
      await this.sweep(this.services.config.taskStaleSeconds);
      for (const key of await TaskStore.purge(this.services.db, KEEP_RESULTS_HOURS)) await this.removeResult(key);
    } catch (e) {
      if (!this.stopped) console.error('Task heartbeat failed:', e);
    }
  }

  private async sweep(staleSeconds: number): Promise<void> {
    const failed = await TaskStore.failOrphans(this.services.db, TaskErrorKey.interrupted, { staleSeconds, except: this.id });
    for (const row of failed) await this.tell(row, Push.taskComplete);
  }

  private async tell(row: TaskRow, push: typeof Push.taskUpdate | typeof Push.taskComplete): Promise<void> {
    await this.services.live.pushToUser(row.user_id, { o: push, b: toTaskInfo(row) });
  }

  /** Starts task `name` for `caller` with `body`; answers it as `act/{name}/async` replies. */
  async launch(caller: Principal, name: string, body: unknown): Promise<TaskInfo> {
    if (this.stopped) throw new OpError('generalFailure', 'The server is stopping');
    const kind = taskKinds.get(name);
    if (!kind) throw new OpError('unknownOperation', `No task called ${name}`);
    if (kind.body) {
      try {
        kind.body.validateSync(body);
      } catch (e) {
        if (e instanceof yup.ValidationError) throw new OpError('parseRequestFailed', e.message);
        throw e;
      }
    }
    kind.refuse?.(caller, body);
    const key = randomBytes(12).toString('base64url');
    const row = await TaskStore.insert(this.services.db, { key, kind: name, userId: caller.userId, runner: this.id });
    const controller = new AbortController();
    const entry: Running = { controller, done: Promise.resolve() };
    this.running.set(key, entry);
    entry.done = this.execute(row, caller, body, controller.signal).finally(() => this.running.delete(key));
    return toTaskInfo(row);
  }

  private async slot(): Promise<() => void> {
    if (this.active >= CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    return () => {
      this.active--;
      this.waiting.shift()?.();
    };
  }

  private async execute(row: TaskRow, caller: Principal, body: unknown, signal: AbortSignal): Promise<void> {
    const { db } = this.services;
    const kind = taskKinds.get(row.kind)!;
    let sent = -1;
    let lastPush = 0;
    let writes = Promise.resolve();
    const progress = (percentage: number): void => {
      const p = Math.max(0, Math.min(99, Math.floor(percentage)));
      const now = Date.now();
      if (p <= sent || now - lastPush < PROGRESS_INTERVAL_MS || signal.aborted) return;
      sent = p;
      lastPush = now;
      // One write at a time per task, so an older percentage never lands after a newer one.
      writes = writes
        .then(async () => {
          if (!(await TaskStore.progress(db, row.key, p))) {
            this.running.get(row.key)?.controller.abort();
            return;
          }
          await this.tell({ ...row, percentage: p }, Push.taskUpdate);
        })
        .catch((e) => console.error(`Task ${row.key} progress failed:`, e));
    };
    const writeResult = (name: string, body: ObjectBody): Promise<void> =>
      objectStoreOf(this.services.config).put(`results/${row.key}/${name}`, body);
    let end: TaskEnd;
    const release = await this.slot();
    try {
      if (signal.aborted) throw signal.reason;
      const result: TaskResult = await kind.run({ key: row.key, caller, services: this.services, signal, progress, writeResult }, body);
      if (signal.aborted) throw signal.reason;
      end = {
        state: 'done',
        resultName: result.file?.name,
        resultType: result.file?.type,
        keyAction: result.keyAction,
        keyItem: result.keyItem,
      };
    } catch (e) {
      if (signal.aborted) end = { state: 'failed', errorKey: this.stopped ? TaskErrorKey.interrupted : TaskErrorKey.killed };
      else if (e instanceof TaskError) end = { state: 'failed', errorKey: e.errorKey };
      else {
        console.error(`Task ${row.kind} ${row.key} failed:`, e);
        end = { state: 'failed', errorKey: TaskErrorKey.failed };
      }
    } finally {
      release();
    }
    await writes;
    try {
      const ended = await TaskStore.end(db, row.key, end);
      if (end.state !== 'done' || !ended) await this.removeResult(row.key);
      if (ended) await this.tell(ended, Push.taskComplete);
    } catch (e) {
      if (!this.stopped) console.error(`Task ${row.key} could not be recorded as ended:`, e);
    }
  }

  /**
   * `activeTask/{key}` killTask: ends the caller's running task as killed and tells the process
   * running it to stop. Answers the task as it now is; another user's task is notFound.
   */
  async kill(caller: Principal, key: string): Promise<TaskInfo> {
    const { db } = this.services;
    const killed = await TaskStore.end(db, key, { state: 'killed', errorKey: TaskErrorKey.killed }, caller.userId);
    if (killed) {
      await db.query('SELECT pg_notify($1, $2)', [TASK_KILL_CHANNEL, key]);
      await this.tell(killed, Push.taskComplete);
      return toTaskInfo(killed);
    }
    return this.status(caller, key);
  }

  /** The caller's task `key` as it is now; another user's task is notFound. */
  async status(caller: Principal, key: string): Promise<TaskInfo> {
    const row = await TaskStore.find(this.services.db, key);
    if (!row || row.user_id !== caller.userId) throw new OpError('notFound', `No task ${key}`);
    return toTaskInfo(row);
  }

  /** The caller's finished task `key` with its result file, or null. */
  async result(caller: Principal, key: string): Promise<{ key: ObjectKey; name: string; type: string } | null> {
    const row = await TaskStore.find(this.services.db, key);
    if (!row || row.user_id !== caller.userId || row.state !== 'done' || !row.result_name) return null;
    return { key: `results/${key}/${row.result_name}`, name: row.result_name, type: row.result_type ?? 'application/octet-stream' };
  }

  /** Stops: running tasks end as interrupted (the user is told), and the runner leaves the table. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.unlisten?.().catch(() => undefined);
    const { db } = this.services;
    const failed = await TaskStore.failOrphans(db, TaskErrorKey.interrupted, { runner: this.id });
    for (const row of failed) await this.tell(row, Push.taskComplete).catch(() => undefined);
    for (const r of this.running.values()) r.controller.abort();
    await Promise.race([
      Promise.allSettled([...this.running.values()].map((r) => r.done)),
      new Promise((resolve) => setTimeout(resolve, 3000).unref()),
    ]);
    await TaskStore.removeRunner(db, this.id).catch(() => undefined);
  }
}
