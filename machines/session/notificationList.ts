/**
 * The notifications as notificationsMachine keeps them, read from the answers of
 * `act/fetchNotifications` and `act/markNotifications`.
 */

import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';

/** One notification as the list and the menu show it. */
export interface Notification {
  index: number;
  /** The item the notification is about. */
  context: string;
  contextLabel: string | null;
  /** What happened to it (created, updated, deleted, ...). */
  kind: string;
  unread: boolean;
  /** When it was made (ISO time). */
  created: string | null;
  /** The event it tells of, as the timeline has it, when the server sent it. */
  event: TimelineEvent | null;
}

const isEvent = (value: unknown): value is TimelineEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TimelineEvent).kind === 'string' &&
  typeof (value as TimelineEvent).ts === 'string' &&
  Array.isArray((value as TimelineEvent).changed);

/** An unread notification: its index and the id of the item it is about. */
export type NotifyPair = readonly [number, string];

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The notifications of an `act/fetchNotifications` answer; anything malformed is left out. */
export function toNotifications(body: unknown): Notification[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((raw: unknown) => {
    if (typeof raw !== 'object' || raw === null) return [];
    const item = raw as Record<string, unknown>;
    const match = /^Notify-(\d+)$/.exec(str(item.$id));
    const context = str((item.$context as { id?: unknown } | undefined)?.id);
    if (!match || !context) return [];
    const labels = (item.$labels ?? {}) as Record<string, unknown>;
    const created = (item._c as { ts?: unknown } | undefined)?.ts;
    return [
      {
        index: Number(match[1]),
        context,
        contextLabel: typeof labels[context] === 'string' ? (labels[context] as string) : null,
        kind: str(item.$kind) || 'updated',
        unread: item.unread === true,
        created: typeof created === 'string' ? created : null,
        event: isEvent(item.$event) ? item.$event : null,
      },
    ];
  });
}

/** The pairs of a `markNotifications` answer. */
export function toPairs(body: unknown): NotifyPair[] {
  const pairs = (body as { notifyPairs?: unknown } | null)?.notifyPairs;
  if (!Array.isArray(pairs)) return [];
  return pairs.filter((p: unknown): p is [number, string] => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'string');
}

/** `known` with `fresh` merged in (fresh wins), newest first. */
export const mergeNotes = (known: readonly Notification[], fresh: readonly Notification[]): Notification[] => {
  const byIndex = new Map(known.map((n) => [n.index, n]));
  for (const n of fresh) byIndex.set(n.index, n);
  return [...byIndex.values()].sort((a, b) => b.index - a.index);
};

/** The notes with their unread flag as the pairs say. */
export const reconcile = (notes: readonly Notification[], pairs: readonly NotifyPair[]): Notification[] => {
  const unread = new Set(pairs.map(([index]) => index));
  return notes.map((n) => (n.unread === unread.has(n.index) ? n : { ...n, unread: unread.has(n.index) }));
};
