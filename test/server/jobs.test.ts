/**
 * Scheduled work (docs/modules.md "Scheduled work"), on both drivers: one-off jobs at a time,
 * idempotent by key; recurring kinds; retries with a doubling wait and then failed, logged for
 * administrators; a handler's writes undone with its failure; a job claimed by a process that died
 * is run again after its lease, and a run that outlives its lease cannot complete; two schedulers on one database run each job once; a job scheduled
 * before a restart runs after it; and the example journal's reminder, once per old draft.
 * The tests drive schedulers of their own on the server's database with a clock they move.
 */
import type { JobKind } from '../../src/server/jobs/JobKind';
import { JobScheduler } from '../../src/server/jobs/JobScheduler';
import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';
import type { Item } from '../../src/shared/items/types';
import { JOURNAL_REMINDED } from '../support/exampleModule/model';
import { journalServer, REMIND_DRAFTS_JOB, REMIND_ENTRY_JOB } from '../support/exampleModule/server';
import { connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/server', () => jest.requireActual('../support/exampleModule/withJournal').serversWithJournal());

let srv: RunningServer;
let admin: TestUser;
const DAY = 86_400_000;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  await srv.server.services.db.exec('CREATE TABLE job_effects (kind text NOT NULL, key text NOT NULL, attempt integer NOT NULL)');
});
afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

/** A scheduler of the test's own on the server's database, whose clock is `clock.now`. */
function schedulerAt(clock: { now: Date }, kinds: readonly JobKind[]): JobScheduler {
  const jobs: JobScheduler = new JobScheduler(srv.server.services.db, () => ({ ...srv.server.services, jobs }), { now: () => clock.now });
  for (const kind of kinds) jobs.register(kind);
  return jobs;
}

let kindCounter = 0;
/** A kind of its own for each test (rows of another test's kinds are never claimed), recording each run in job_effects. */
function recordingKind(extra: Partial<JobKind> & { fails?: number } = {}): JobKind {
  const name = `test.recorded${kindCounter++}`;
  const { fails = 0, ...rest } = extra;
  return {
    name,
    async handler(ctx, tx) {
      await tx!.query('INSERT INTO job_effects (kind, key, attempt) VALUES ($1, $2, $3)', [ctx.kind, ctx.key, ctx.attempt]);
      if (ctx.attempt <= fails) throw new Error(`attempt ${ctx.attempt} broke`);
    },
    ...rest,
  };
}

const effects = async (kind: string): Promise<{ key: string; attempt: number }[]> =>
  (
    await srv.server.services.db.query<{ key: string; attempt: number }>(
      'SELECT key, attempt FROM job_effects WHERE kind = $1 ORDER BY key, attempt',
      [kind],
    )
  ).rows.map((r) => ({ key: r.key, attempt: Number(r.attempt) }));

describe('one-off jobs', () => {
  it('run once at their time, and scheduling the same key twice schedules once', async () => {
    const clock = { now: new Date('2026-03-01T10:00:00Z') };
    const kind = recordingKind();
    const jobs = schedulerAt(clock, [kind]);
    expect(await jobs.schedule({ kind: kind.name, key: 'k1', runAt: new Date('2026-03-01T12:00:00Z') })).toBe(true);
    expect(await jobs.schedule({ kind: kind.name, key: 'k1', runAt: new Date('2026-03-01T10:00:00Z') })).toBe(false);
    expect(await jobs.runDue()).toBe(0);
    clock.now = new Date('2026-03-01T11:59:59Z');
    expect(await jobs.runDue()).toBe(0);
    clock.now = new Date('2026-03-01T12:00:00Z');
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(await effects(kind.name)).toEqual([{ key: 'k1', attempt: 1 }]);
    expect(await jobs.find(kind.name, 'k1')).toMatchObject({ state: 'done', attempts: 1, lastError: null });
    // Done, the key is still taken: scheduling it again does nothing.
    expect(await jobs.schedule({ kind: kind.name, key: 'k1' })).toBe(false);
    expect(await jobs.runDue()).toBe(0);
  });

  it('scheduled in a transaction that rolls back, are not scheduled', async () => {
    const clock = { now: new Date('2026-03-01T10:00:00Z') };
    const kind = recordingKind();
    const jobs = schedulerAt(clock, [kind]);
    await expect(
      srv.server.services.db.transaction(async (tx) => {
        await jobs.schedule({ kind: kind.name, key: 'never' }, tx);
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await jobs.find(kind.name, 'never')).toBeNull();
  });

  it('of a kind nobody registered, are refused', async () => {
    const jobs = schedulerAt({ now: new Date() }, []);
    await expect(jobs.schedule({ kind: 'test.unknown', key: 'x' })).rejects.toThrow('not registered');
  });
});

describe('a failing job', () => {
  it('is retried after a doubling wait, then marked failed and logged', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const start = new Date('2026-03-02T10:00:00Z').getTime();
      const clock = { now: new Date(start) };
      const kind = recordingKind({ fails: 99, maxAttempts: 3, backoffSeconds: 10 });
      const jobs = schedulerAt(clock, [kind]);
      await jobs.schedule({ kind: kind.name, key: 'broken' });
      expect(await jobs.runDue()).toBe(1);
      expect(await jobs.find(kind.name, 'broken')).toMatchObject({
        state: 'scheduled',
        attempts: 1,
        lastError: 'attempt 1 broke',
        runAt: new Date(start + 10_000),
      });
      // Its writes went with the failed run: nothing of attempt 1 is left.
      expect(await effects(kind.name)).toEqual([]);
      clock.now = new Date(start + 9_999);
      expect(await jobs.runDue()).toBe(0);
      clock.now = new Date(start + 10_000);
      expect(await jobs.runDue()).toBe(1);
      // The second wait is twice the first.
      expect((await jobs.find(kind.name, 'broken'))!.runAt).toEqual(new Date(start + 10_000 + 20_000));
      clock.now = new Date(start + 30_000);
      expect(await jobs.runDue()).toBe(1);
      expect(await jobs.find(kind.name, 'broken')).toMatchObject({ state: 'failed', attempts: 3, lastError: 'attempt 3 broke' });
      clock.now = new Date(start + 10 * DAY);
      expect(await jobs.runDue()).toBe(0);
      expect(warnings).toHaveBeenCalledTimes(2);
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(new RegExp(`^Job ${kind.name} broken failed for good after 3 attempts: attempt 3 broke`)),
      );
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it('that succeeds on a retry keeps only the successful run', async () => {
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const clock = { now: new Date('2026-03-03T10:00:00Z') };
      const kind = recordingKind({ fails: 1, backoffSeconds: 1 });
      const jobs = schedulerAt(clock, [kind]);
      await jobs.schedule({ kind: kind.name, key: 'flaky' });
      await jobs.runDue();
      clock.now = new Date(clock.now.getTime() + 1_000);
      await jobs.runDue();
      expect(await effects(kind.name)).toEqual([{ key: 'flaky', attempt: 2 }]);
      expect(await jobs.find(kind.name, 'flaky')).toMatchObject({ state: 'done', attempts: 2 });
    } finally {
      warnings.mockRestore();
    }
  });
});

describe('recurring kinds', () => {
  it('run every N minutes from the start, and move on after each run', async () => {
    const start = new Date('2026-03-04T10:00:00Z').getTime();
    const clock = { now: new Date(start) };
    const kind = recordingKind({ schedule: { everyMinutes: 15 } });
    const jobs = schedulerAt(clock, [kind]);
    await jobs.start();
    await jobs.stop();
    expect(await jobs.find(kind.name)).toMatchObject({ state: 'scheduled', runAt: new Date(start + 15 * 60_000) });
    expect(await jobs.runDue()).toBe(0);
    clock.now = new Date(start + 15 * 60_000);
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.find(kind.name)).toMatchObject({ state: 'scheduled', attempts: 0, runAt: new Date(start + 30 * 60_000) });
    expect(await jobs.runDue()).toBe(0);
    // A second start (another process, a restart) keeps the row it finds.
    await jobs.start();
    await jobs.stop();
    expect((await jobs.find(kind.name))!.runAt).toEqual(new Date(start + 30 * 60_000));
  });

  it('on a cron pattern run at its times, and after their last failed attempt wait for the next', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const clock = { now: new Date('2026-03-05T07:30:00Z') };
      const kind = recordingKind({ schedule: { cron: '0 6 * * *' }, fails: 99, maxAttempts: 1 });
      const jobs = schedulerAt(clock, [kind]);
      await jobs.start();
      await jobs.stop();
      expect((await jobs.find(kind.name))!.runAt).toEqual(new Date('2026-03-06T06:00:00Z'));
      clock.now = new Date('2026-03-06T06:00:00Z');
      expect(await jobs.runDue()).toBe(1);
      expect(await jobs.find(kind.name)).toMatchObject({ state: 'scheduled', attempts: 0, runAt: new Date('2026-03-07T06:00:00Z') });
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('runs again at 2026-03-07T06:00:00.000Z'));
    } finally {
      errors.mockRestore();
    }
  });

  it('with a pattern that cannot be read stop the start', () => {
    const jobs = schedulerAt({ now: new Date() }, []);
    expect(() => jobs.register({ name: 'test.badCron', schedule: { cron: 'every day' }, handler: async () => undefined })).toThrow();
    expect(() => jobs.register({ name: 'test.badEvery', schedule: { everyMinutes: 0 }, handler: async () => undefined })).toThrow();
    jobs.register(recordingKind({ name: 'test.twice' }));
    expect(() => jobs.register(recordingKind({ name: 'test.twice' }))).toThrow('registered twice');
  });
});

describe('exactly once', () => {
  it('two schedulers on one database run each of many jobs once', async () => {
    const clock = { now: new Date('2026-03-08T10:00:00Z') };
    const kind = recordingKind();
    const one = schedulerAt(clock, [kind]);
    const two = schedulerAt(clock, [kind]);
    const keys = Array.from({ length: 30 }, (_, i) => `many-${String(i).padStart(2, '0')}`);
    for (const key of keys) await one.schedule({ kind: kind.name, key });
    const [a, b] = await Promise.all([one.runDue(), two.runDue()]);
    expect(a + b).toBe(30);
    expect(await effects(kind.name)).toEqual(keys.map((key) => ({ key, attempt: 1 })));
  });

  it('a job whose process died mid-run is run again once its lease has ended', async () => {
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const start = new Date('2026-03-09T10:00:00Z').getTime();
      const clock = { now: new Date(start) };
      const kind = recordingKind({ leaseSeconds: 60 });
      const jobs = schedulerAt(clock, [kind]);
      // As a process leaves it that stopped between its claim and the end of the run.
      await srv.server.services.db.query(
        `INSERT INTO jobs (kind, key, state, run_at, attempts, claim, lease_until, created_at) VALUES ($1, 'orphan', 'running', $2, 1, 'gone', $3, $2)`,
        [kind.name, new Date(start).toISOString(), new Date(start + 60_000).toISOString()],
      );
      expect(await jobs.runDue()).toBe(0);
      clock.now = new Date(start + 60_000);
      expect(await jobs.runDue()).toBe(1);
      expect(await effects(kind.name)).toEqual([{ key: 'orphan', attempt: 2 }]);
      expect(await jobs.find(kind.name, 'orphan')).toMatchObject({ state: 'done', attempts: 2 });
    } finally {
      warnings.mockRestore();
    }
  });

  it('a run outside a transaction that outlives its lease is taken over, and its late completion refused', async () => {
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const clock = { now: new Date('2026-03-10T10:00:00Z') };
      const name = `test.slow${kindCounter++}`;
      let release: () => void = () => undefined;
      const waiting = new Promise<void>((r) => (release = r));
      // Outside a transaction, so the row is not locked while it runs: its lease is all that guards it.
      const slow: JobKind = {
        name,
        outsideTransaction: true,
        leaseSeconds: 1,
        async handler(ctx) {
          if (ctx.attempt === 1) await waiting;
          await srv.server.services.db.query('INSERT INTO job_effects (kind, key, attempt) VALUES ($1, $2, $3)', [
            name,
            ctx.key,
            ctx.attempt,
          ]);
        },
      };
      const one = schedulerAt(clock, [slow]);
      const two = schedulerAt(clock, [slow]);
      await one.schedule({ kind: name, key: 'long' });
      const first = one.runDue();
      for (let i = 0; i < 100 && (await one.find(name, 'long'))?.state !== 'running'; i++) await new Promise((r) => setTimeout(r, 10));
      clock.now = new Date(clock.now.getTime() + 1_000);
      expect(await two.runDue()).toBe(1);
      release();
      await first;
      expect(await one.find(name, 'long')).toMatchObject({ state: 'done', attempts: 2 });
      // Both ran (such a kind's effects must be idempotent by key); the late one could not mark the job.
      expect(await effects(name)).toEqual([
        { key: 'long', attempt: 1 },
        { key: 'long', attempt: 2 },
      ]);
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining('taken over by another process'));
    } finally {
      warnings.mockRestore();
    }
  });
});

describe('the example journal', () => {
  const timeline = (id: string): Promise<TimelineEvent[]> => admin.client.call<TimelineEvent[]>(`timeline/${id}`);
  const newEntry = (title: string): Promise<Item> => admin.client.call<Item>('create/JournalEntry', { title, date: '2026-02-01' });
  const backdate = (id: string, to: Date): Promise<unknown> =>
    srv.server.services.db.query('UPDATE items SET created_at = $2 WHERE id = $1', [id, to.toISOString()]);

  it('reminds once of each draft older than a week, and of nothing else', async () => {
    const today = new Date();
    const clock = { now: today };
    const jobs = schedulerAt(clock, journalServer.jobs!);
    const old = await newEntry('Old draft');
    const older = await newEntry('Older draft');
    const fresh = await newEntry('Fresh draft');
    const submitted = await newEntry('Submitted long ago');
    await admin.client.call(`transition/${submitted.$id}`, { event: 'entry.submit', _u: submitted._u });
    for (const e of [old, submitted]) await backdate(e.$id, new Date(today.getTime() - 8 * DAY));
    await backdate(older.$id, new Date(today.getTime() - 30 * DAY));
    await backdate(fresh.$id, new Date(today.getTime() - 6 * DAY));
    // The morning comes: the look finds the old drafts, and each gets its job.
    clock.now = new Date((await jobs.find(REMIND_DRAFTS_JOB))!.runAt.getTime());
    await jobs.runDue();
    const reminded = async (id: string) => (await timeline(id)).filter((e) => e.kind === JOURNAL_REMINDED);
    expect(await reminded(old.$id)).toHaveLength(1);
    expect(await reminded(older.$id)).toMatchObject([{ context: older.$id, by: null }]);
    expect(await reminded(fresh.$id)).toEqual([]);
    expect(await reminded(submitted.$id)).toEqual([]);
    expect(await jobs.find(REMIND_ENTRY_JOB, old.$id)).toMatchObject({ state: 'done' });
    // Another look (the next morning, a second process) reminds no one twice.
    await srv.server.services.db.query(`DELETE FROM jobs WHERE kind = $1 AND key = $2`, [REMIND_ENTRY_JOB, older.$id]);
    clock.now = new Date((await jobs.find(REMIND_DRAFTS_JOB))!.runAt.getTime());
    await jobs.runDue();
    expect(await reminded(old.$id)).toHaveLength(1);
    expect(await reminded(older.$id)).toHaveLength(1);
  });

  it('a reminder scheduled before a restart runs after it, in the server itself', async () => {
    const entry = await newEntry('Waiting through a restart');
    await srv.server.services.jobs.schedule({ kind: REMIND_ENTRY_JOB, key: entry.$id, runAt: new Date(Date.now() + 1_500) });
    admin.client.close();
    await srv.server.close();
    srv = await startTestServer({ dataDir: srv.config.dataDir, databaseUrl: srv.config.databaseUrl });
    admin = await connectAdmin(srv);
    let events: TimelineEvent[] = [];
    for (let i = 0; i < 100; i++) {
      events = (await timeline(entry.$id)).filter((e) => e.kind === JOURNAL_REMINDED);
      if (events.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(events).toHaveLength(1);
    expect(
      await srv.server.services.db.query('SELECT 1 FROM jobs WHERE kind = $1 AND key = $2 AND state = $3', [
        REMIND_ENTRY_JOB,
        entry.$id,
        'done',
      ]),
    ).toMatchObject({ rowCount: 1 });
  });
});
