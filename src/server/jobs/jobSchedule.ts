import { Cron } from 'croner';
import type { JobSchedule } from './JobKind';

/**
 * The first time after `after` that a recurring kind runs: `everyMinutes` from then, or the next
 * time a five-field cron pattern names, in UTC (croner reads it). A pattern croner refuses, or an
 * interval that is not a positive number of minutes, throws.
 */
export function nextRunAfter(schedule: JobSchedule, after: Date): Date {
  if ('everyMinutes' in schedule) {
    if (!(schedule.everyMinutes > 0) || !Number.isFinite(schedule.everyMinutes))
      throw new Error(`everyMinutes must be a positive number, not ${schedule.everyMinutes}`);
    return new Date(after.getTime() + schedule.everyMinutes * 60_000);
  }
  const next = new Cron(schedule.cron, { timezone: 'UTC', paused: true }).nextRun(after);
  if (!next) throw new Error(`The cron pattern ${schedule.cron} never runs again`);
  return next;
}
