import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/Database';
import type { Services } from '../services';
import type { JobKind, JobRequest, JobScheduling } from './JobKind';
import { nextRunAfter } from './jobSchedule';

/** How often each process looks for due jobs, in ms. */
export const JOB_POLL_MS = 1_000;
/** Most jobs one process runs in one look, so that a flood of due jobs never starves the others' turns. */
const RUNS_PER_LOOK = 50;
const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF_SECONDS = 30;
const DEFAULT_LEASE_SECONDS = 300;
/** The longest wait between two attempts, in seconds. */
const MAX_BACKOFF_SECONDS = 3_600;
/** The key of a recurring kind's one row. */
export const RECURRING_KEY = '';

/** A job as its row says, for administrators' logs and the tests. */
export interface JobRow {
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  state: 'scheduled' | 'running' | 'done' | 'failed';
  runAt: Date;
  attempts: number;
  lastError: string | null;
}

interface Row {
  kind: string;
  key: string;
  payload: Record<string, unknown> | string;
  state: JobRow['state'];
  run_at: Date | string;
  attempts: number;
  last_error: string | null;
}

const toJob = (r: Row): JobRow => ({
  kind: r.kind,
  key: r.key,
  payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
  state: r.state,
  runAt: new Date(r.run_at),
  attempts: Number(r.attempts),
  lastError: r.last_error,
});

/** A claimed job: its row and the claim that its completion must still hold. */
interface Claimed extends JobRow {
  claim: string;
}

/** The wait before attempt `attempts + 1`, in seconds: doubling from the kind's first wait. */
export const backoffSeconds = (kind: Pick<JobKind, 'backoffSeconds'>, attempts: number): number =>
  Math.min(MAX_BACKOFF_SECONDS, (kind.backoffSeconds ?? DEFAULT_BACKOFF_SECONDS) * 2 ** Math.max(0, attempts - 1));

/** Thrown inside a run's transaction when another process has taken the job over: rolls the run back. */
class ClaimLost extends Error {}

/**
 * Runs scheduled work on PostgreSQL and PGlite alike (docs/modules.md "Scheduled work"). Every
 * process polls; a due job is claimed with FOR UPDATE SKIP LOCKED and marked running with a lease,
 * then run in a transaction that first locks its row (so no other process can take it while it
 * runs) and ends by marking it done: the handler's writes and the completion commit together, so
 * they happen once. A failed run is retried after a doubling wait and marked failed (and logged)
 * after its last attempt; a process that dies mid-run leaves the row to be claimed again when the
 * lease ends. Rows are in the database, so jobs survive restarts.
 */
export class JobScheduler implements JobScheduling {
  private readonly kinds = new Map<string, JobKind>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly services: () => Services,
    private readonly options: { now?: () => Date; pollMs?: number } = {},
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Adds a kind; a name registered twice stops the start. */
  register(kind: JobKind): void {
    if (this.kinds.has(kind.name)) throw new Error(`Job kind ${kind.name} is registered twice`);
    if (kind.schedule) nextRunAfter(kind.schedule, new Date()); // a faulty pattern stops the start too
    this.kinds.set(kind.name, kind);
  }

  /** Schedules every recurring kind's row that is missing, then polls until stopped. */
  async start(): Promise<void> {
    this.stopped = false;
    const now = this.now();
    for (const kind of this.kinds.values()) {
      if (!kind.schedule) continue;
      await this.db.query(`INSERT INTO jobs (kind, key, run_at, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (kind, key) DO NOTHING`, [
        kind.name,
        RECURRING_KEY,
        nextRunAfter(kind.schedule, now).toISOString(),
        now.toISOString(),
      ]);
    }
    this.timer = setInterval(() => void this.tick(), this.options.pollMs ?? JOB_POLL_MS);
    this.timer.unref();
  }

  /** Stops polling and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): Promise<void> {
    this.running = this.running
      .then(async () => void (await this.runDue(() => !this.stopped)))
      .catch((e: unknown) => console.error('Running scheduled jobs failed:', e));
    return this.running;
  }

  async schedule(job: JobRequest, tx?: Queryable): Promise<boolean> {
    if (!this.kinds.has(job.kind)) throw new Error(`Job kind ${job.kind} is not registered`);
    if (job.key === RECURRING_KEY) throw new Error(`A job of ${job.kind} needs a key`);
    const now = this.now();
    const res = await (tx ?? this.db).query(
      `INSERT INTO jobs (kind, key, payload, run_at, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (kind, key) DO NOTHING`,
      [job.kind, job.key, JSON.stringify(job.payload ?? {}), (job.runAt ?? now).toISOString(), now.toISOString()],
    );
    return res.rowCount > 0;
  }

  /** The job of `kind` and `key` ('' for a recurring kind), as its row now says; null when there is none. */
  async find(kind: string, key: string = RECURRING_KEY): Promise<JobRow | null> {
    const res = await this.db.query<Row>(
      'SELECT kind, key, payload, state, run_at, attempts, last_error FROM jobs WHERE kind = $1 AND key = $2',
      [kind, key],
    );
    return res.rows[0] ? toJob(res.rows[0]) : null;
  }

  /** Runs the jobs due now, one at a time, while `goOn` says so; answers how many ran (whether they succeeded or not). */
  async runDue(goOn: () => boolean = () => true): Promise<number> {
    if (this.kinds.size === 0) return 0;
    // A plain look first: most seconds nothing is due, and a claim costs a transaction.
    const due = await this.db.query(
      `SELECT 1 FROM jobs WHERE kind = ANY($1::text[]) AND ((state = 'scheduled' AND run_at <= $2) OR (state = 'running' AND lease_until <= $2)) LIMIT 1`,
      [[...this.kinds.keys()], this.now().toISOString()],
    );
    if (due.rowCount === 0) return 0;
    let ran = 0;
    while (ran < RUNS_PER_LOOK && goOn()) {
      const job = await this.claim();
      if (!job) break;
      ran += 1;
      await this.run(job);
    }
    return ran;
  }

  /** Claims the most overdue job this process knows the kind of, or one whose lease ended. */
  private async claim(): Promise<Claimed | null> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const found = await tx.query<Row>(
        `SELECT kind, key, payload, state, run_at, attempts, last_error FROM jobs
         WHERE kind = ANY($1::text[]) AND ((state = 'scheduled' AND run_at <= $2) OR (state = 'running' AND lease_until <= $2))
         ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [[...this.kinds.keys()], now.toISOString()],
      );
      const row = found.rows[0];
      if (!row) return null;
      const kind = this.kinds.get(row.kind)!;
      const claim = randomUUID();
      const lease = new Date(now.getTime() + (kind.leaseSeconds ?? DEFAULT_LEASE_SECONDS) * 1000);
      await tx.query(
        `UPDATE jobs SET state = 'running', attempts = attempts + 1, claim = $3, lease_until = $4 WHERE kind = $1 AND key = $2`,
        [row.kind, row.key, claim, lease.toISOString()],
      );
      // A run whose process died mid-way counts: a job that kills its process must not run for ever.
      if (row.state === 'running') row.last_error = 'The process running it stopped before it finished';
      return { ...toJob(row), attempts: Number(row.attempts) + 1, claim };
    });
  }

  private async run(job: Claimed): Promise<void> {
    const kind = this.kinds.get(job.kind)!;
    const max = kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (job.attempts > max) {
      await this.fail(job, kind, new Error(job.lastError ?? 'Out of attempts'));
      return;
    }
    const ctx = {
      kind: job.kind,
      key: job.key,
      payload: job.payload,
      attempt: job.attempts,
      now: this.now(),
      services: this.services(),
      jobs: this as JobScheduling,
    };
    try {
      if (kind.outsideTransaction) {
        await kind.handler(ctx, null);
        await this.db.transaction(async (tx) => {
          if (!(await this.complete(tx, job, kind))) throw new ClaimLost();
        });
      } else {
        await this.db.transaction(async (tx) => {
          // Locked for the whole run: another process's claim skips it, even past the lease.
          const own = await tx.query('SELECT 1 FROM jobs WHERE kind = $1 AND key = $2 AND claim = $3 FOR UPDATE', [
            job.kind,
            job.key,
            job.claim,
          ]);
          if (own.rowCount === 0) throw new ClaimLost();
          await kind.handler(ctx, tx);
          await this.complete(tx, job, kind);
        });
      }
    } catch (e) {
      if (e instanceof ClaimLost) {
        console.warn(`Job ${job.kind} ${job.key} was taken over by another process; this run was undone`);
        return;
      }
      await this.fail(job, kind, e);
    }
  }

  /** Marks the run done (a recurring kind's row moves on to its next time); false when the claim is no longer ours. */
  private async complete(tx: Queryable, job: Claimed, kind: JobKind): Promise<boolean> {
    const now = this.now();
    const res = kind.schedule
      ? await tx.query(
          `UPDATE jobs SET state = 'scheduled', run_at = $4, attempts = 0, claim = NULL, lease_until = NULL, last_error = NULL, finished_at = $5
           WHERE kind = $1 AND key = $2 AND claim = $3`,
          [job.kind, job.key, job.claim, nextRunAfter(kind.schedule, now).toISOString(), now.toISOString()],
        )
      : await tx.query(
          `UPDATE jobs SET state = 'done', claim = NULL, lease_until = NULL, finished_at = $4 WHERE kind = $1 AND key = $2 AND claim = $3`,
          [job.kind, job.key, job.claim, now.toISOString()],
        );
    return res.rowCount > 0;
  }

  /**
   * Records a failed run: retried after the kind's doubling wait, or after the last attempt marked
   * failed and logged for administrators. A recurring kind's row then waits for its next time.
   */
  private async fail(job: Claimed, kind: JobKind, error: unknown): Promise<void> {
    const now = this.now();
    const message = error instanceof Error ? error.message : String(error);
    const max = kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const last = job.attempts >= max;
    let state: JobRow['state'] = 'scheduled';
    let runAt = new Date(now.getTime() + backoffSeconds(kind, job.attempts) * 1000);
    let attempts = job.attempts;
    if (last && kind.schedule) {
      runAt = nextRunAfter(kind.schedule, now);
      attempts = 0;
    } else if (last) state = 'failed';
    const res = await this.db.query(
      `UPDATE jobs SET state = $4, run_at = $5, attempts = $6, last_error = $7, claim = NULL, lease_until = NULL,
         finished_at = CASE WHEN $4 = 'failed' THEN $8::timestamptz ELSE finished_at END
       WHERE kind = $1 AND key = $2 AND claim = $3`,
      [job.kind, job.key, job.claim, state, runAt.toISOString(), attempts, message.slice(0, 4000), now.toISOString()],
    );
    if (res.rowCount === 0) return;
    if (last) {
      console.error(
        `Job ${job.kind}${job.key ? ` ${job.key}` : ''} failed for good after ${job.attempts} attempts` +
          `${kind.schedule ? `; it runs again at ${runAt.toISOString()}` : ''}: ${message}`,
      );
    } else {
      console.warn(
        `Job ${job.kind}${job.key ? ` ${job.key}` : ''} failed (attempt ${job.attempts} of ${max}); retrying at ${runAt.toISOString()}: ${message}`,
      );
    }
  }
}
