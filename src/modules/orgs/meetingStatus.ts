/** Where a meeting stands relative to now (spec 001 §4). */
export type MeetingStatus = 'PENDING' | 'ONGOING' | 'PAST';

/**
 * A meeting is PENDING before it starts, ONGOING between start and end, PAST after. A missing start
 * counts as 00:00 and a missing end as 23:59 of its date. Times are local wall-clock `HH:mm`, each
 * the whole of its minute: a meeting ending at 11:30 is ongoing until 11:30:59, one with no end
 * until midnight.
 */
export function meetingStatus(meeting: { date?: unknown; start?: unknown; end?: unknown }, now: Date): MeetingStatus | null {
  if (typeof meeting.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(meeting.date)) return null;
  const at = (time: unknown, fallback: string): Date => {
    const hhmm = typeof time === 'string' && /^\d{2}:\d{2}$/.test(time) ? time : fallback;
    return new Date(`${meeting.date as string}T${hhmm}:00`);
  };
  const start = at(meeting.start, '00:00');
  const end = at(meeting.end, '23:59');
  if (now < start) return 'PENDING';
  return now.getTime() < end.getTime() + 60_000 ? 'ONGOING' : 'PAST';
}
