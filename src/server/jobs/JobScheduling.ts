import type { Queryable } from '../db/Database';

/** What a job to schedule says: its kind, the key that makes it idempotent, when, and its payload. */
export interface JobRequest {
  kind: string;
  /** Scheduling the same kind and key again while the first is kept does nothing (answers false). */
  key: string;
  /** When it is due; now when left out. */
  runAt?: Date;
  payload?: Record<string, unknown>;
}

/** Schedules one-off jobs; given to every handler and kept in the services. */
export interface JobScheduling {
  /** Schedules `job` in `tx` (with the caller's writes) or on its own; answers whether it was new. */
  schedule(job: JobRequest, tx?: Queryable): Promise<boolean>;
}
