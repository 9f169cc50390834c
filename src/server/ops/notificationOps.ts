import * as yup from 'yup';
import { NOTIFY_PREFERENCES } from '../../shared/items/types';
import { readableRecord } from './itemOps';
import type { OpRoute } from './OpContext';

/** Notification operations: per-item preferences, marking read and unread, fetching. */
export const notificationOps: OpRoute[] = [
  {
    pattern: 'act/getNotify',
    signedIn: true,
    body: yup.object({ id: yup.string().required() }),
    handler: async (ctx, _p, body) => {
      const record = await readableRecord(ctx, (body as { id: string }).id);
      return { notify: await ctx.services.notifications.preference(ctx.caller!.userId, record.id) };
    },
  },
  {
    pattern: 'act/setNotify',
    signedIn: true,
    body: yup.object({ id: yup.string().required(), notify: yup.string().oneOf([...NOTIFY_PREFERENCES]).required() }),
    handler: async (ctx, _p, body) => {
      const { id, notify } = body as { id: string; notify: string };
      const record = await readableRecord(ctx, id);
      await ctx.services.notifications.setPreference(ctx.caller!.userId, record.id, notify);
      return { notify };
    },
  },
  {
    pattern: 'act/markNotifications',
    signedIn: true,
    body: yup.object({ indexes: yup.array(yup.number().integer().positive().required()).max(1000).required(), asUnread: yup.boolean() }),
    handler: async (ctx, _p, body) => {
      const { indexes, asUnread } = body as { indexes: number[]; asUnread?: boolean };
      await ctx.services.notifications.mark(ctx.caller!.userId, indexes, asUnread === true);
      return { notifyPairs: await ctx.services.notifications.notifyPairs(ctx.caller!.userId) };
    },
  },
  {
    pattern: 'act/fetchNotifications',
    signedIn: true,
    body: yup.object({ ids: yup.array(yup.number().integer().positive().required()).max(1000), max: yup.number().integer().min(1).max(500) }),
    handler: async (ctx, _p, body) => {
      const { ids, max } = (body ?? {}) as { ids?: number[]; max?: number };
      const records = await ctx.services.notifications.fetch(ctx.caller!.userId, ids, max ?? 50);
      return ctx.services.items.presentMany(ctx.caller, records);
    },
  },
];
