import type { Queryable } from '../db/Database';
import type { Services } from '../services';
import type { JobScheduling } from './JobScheduling';

export type { JobRequest, JobScheduling } from './JobScheduling';

/** When a recurring kind runs: every N minutes, or at the times of a cron pattern (five fields, UTC). */
export type JobSchedule = { everyMinutes: number } | { cron: string };

/** What a running job is given. */
export interface JobContext {
  kind: string;
  /** The job's key ('' for a recurring kind's row). */
  key: string;
  payload: Record<string, unknown>;
  /** This run's number, from 1. */
  attempt: number;
  /** The scheduler's clock at the start of the run (tests move it). */
  now: Date;
  services: Services;
  jobs: JobScheduling;
}

/**
 * A kind of scheduled work a module (`ModuleServer.jobs`) or the core registers. The handler runs in
 * one transaction (`tx`) with the job's completion, so that its database writes happen exactly once
 * however many processes run: a run whose claim was lost rolls back. A kind `outsideTransaction`
 * (mail, files) gets no `tx`; its effects must then be idempotent by the job's key, since a process
 * that dies after them but before the completion leaves the job to run again once its lease ends.
 */
export interface JobKind {
  /** Unique across modules, e.g. `journal.remindDrafts`. */
  name: string;
  /** Makes the kind recurring: the core keeps one row of it (key '') that moves on after each run. */
  schedule?: JobSchedule;
  handler: (ctx: JobContext, tx: Queryable | null) => Promise<void>;
  outsideTransaction?: boolean;
  /** Runs before it is marked failed (5). */
  maxAttempts?: number;
  /** The first retry waits this long, each next one twice as long, up to an hour (30). */
  backoffSeconds?: number;
  /** A claim older than this is taken for a dead process's and run again (300). */
  leaseSeconds?: number;
}
