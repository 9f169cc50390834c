import { operations } from '../../shared/protocol/operations';
import { bindOperation } from './bindOperation';
import { readableRecord } from './itemOps';
import type { OpRoute } from './OpContext';
import { signedInCaller } from './signedInCaller';

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
    return ctx.services.items.presentMany(ctx.caller, records);
  }),
];
