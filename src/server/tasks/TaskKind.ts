import type { ObjectBody } from '../files/objectStore';
import type { Principal } from '../policy/Principal';
import type { Services } from '../services';

/** What a running task is given. */
export interface TaskRun {
  key: string;
  caller: Principal;
  services: Services;
  /** Aborted when the user kills the task or the server stops: stop soon and throw. */
  signal: AbortSignal;
  /** Reports progress, 0 to 100; cheap to call often (pushes are throttled). */
  progress(percentage: number): void;
  /** Stores the task's result file `name` (in the data directory or the bucket, wherever files are kept). */
  writeResult(name: string, body: ObjectBody): Promise<void>;
}

/** What a finished task leaves: a result file to download, or an item it deleted. */
export interface TaskResult {
  file?: { name: string; type: string };
  keyAction?: 'delete';
  keyItem?: string;
}

/** A kind of long-running task, started with `act/{name}/async`. */
export interface TaskKind {
  name: string;
  /** The body's shape, checked before the task starts. */
  body?: { validateSync(value: unknown): unknown };
  /** Refuses (throws an OpError) a valid body its caller may not start, before the task starts. */
  refuse?(caller: Principal, body: unknown): void;
  run(run: TaskRun, body: unknown): Promise<TaskResult>;
}
