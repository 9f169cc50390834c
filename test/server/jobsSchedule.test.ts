/** When recurring jobs run next, and how long a failed job waits (src/server/jobs); no database. */
import { backoffSeconds } from '../../src/server/jobs/JobScheduler';
import { nextRunAfter } from '../../src/server/jobs/jobSchedule';

describe('nextRunAfter', () => {
  const at = new Date('2026-05-10T13:37:20Z');

  it('counts every N minutes from the time given', () => {
    expect(nextRunAfter({ everyMinutes: 10 }, at)).toEqual(new Date('2026-05-10T13:47:20Z'));
    expect(nextRunAfter({ everyMinutes: 0.5 }, at)).toEqual(new Date('2026-05-10T13:37:50Z'));
  });

  it('finds the next time of a cron pattern, in UTC', () => {
    expect(nextRunAfter({ cron: '0 6 * * *' }, at)).toEqual(new Date('2026-05-11T06:00:00Z'));
    expect(nextRunAfter({ cron: '*/15 * * * *' }, at)).toEqual(new Date('2026-05-10T13:45:00Z'));
    // Mondays at 08:30: 10 May 2026 is a Sunday.
    expect(nextRunAfter({ cron: '30 8 * * 1' }, at)).toEqual(new Date('2026-05-11T08:30:00Z'));
    // Exactly on a time: the next one, not the same.
    expect(nextRunAfter({ cron: '0 6 * * *' }, new Date('2026-05-11T06:00:00Z'))).toEqual(new Date('2026-05-12T06:00:00Z'));
  });

  it('refuses what it cannot read', () => {
    expect(() => nextRunAfter({ cron: 'at dawn' }, at)).toThrow();
    expect(() => nextRunAfter({ cron: '61 * * * *' }, at)).toThrow();
    expect(() => nextRunAfter({ everyMinutes: -1 }, at)).toThrow('positive');
    expect(() => nextRunAfter({ everyMinutes: Number.NaN }, at)).toThrow('positive');
  });
});

describe('backoffSeconds', () => {
  it('doubles from the first wait, up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffSeconds({}, n))).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds({ backoffSeconds: 5 }, 1)).toBe(5);
    expect(backoffSeconds({ backoffSeconds: 5 }, 3)).toBe(20);
    expect(backoffSeconds({}, 20)).toBe(3600);
  });
});
