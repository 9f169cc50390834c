import { operations } from '../../shared/protocol/operations';
import { bindOperation } from './bindOperation';
import { readableRecord } from './itemOps';
import type { OpRoute } from './OpContext';
import { signedInCaller } from './signedInCaller';
import { readEvents } from './timelineEvents';

/** Notification operations: per-item preferences, marking read and unread, fetching. */
export const notificationOps: OpRoute[] = [
  bindOperation(operations.getNotify, async (ctx, _p, { id }) => {
    const record = await readableRecord(ctx, id);
    return { notify: await ctx.services.notifications.preference(signedInCaller(ctx).userId, record.id) };
  }),
  bindOperation(operations.setNotify, async (ctx, _p, { id, notify }) => {
    const record = await readableRecord(ctx, id);
    await ctx.services.notifications.setPreference(signedInCaller(ctx).userId, record.id, notify);
    return { notify };
  }),
  bindOperation(operations.markNotifications, async (ctx, _p, { indexes, asUnread }) => {
    const { userId } = signedInCaller(ctx);
    await ctx.services.notifications.mark(userId, indexes, asUnread === true);
    return { notifyPairs: await ctx.services.notifications.notifyPairs(userId) };
  }),
  bindOperation(operations.fetchNotifications, async (ctx, _p, body) => {
    const records = await ctx.services.notifications.fetch(signedInCaller(ctx).userId, body?.ids, body?.max ?? 50);
    const notes = await ctx.services.items.presentMany(ctx.caller, records);
    // Each with the event it tells of, so the list says it as the timeline does (an item no longer readable: none).
    const events = await readEvents(
      ctx,
      notes.map((n) => n.event).filter((e): e is number => typeof e === 'number'),
    );
    return notes.map((n) => {
      const event = typeof n.event === 'number' ? events.get(n.event) : undefined;
      return event ? { ...n, $event: event } : n;
    });
  }),
];
