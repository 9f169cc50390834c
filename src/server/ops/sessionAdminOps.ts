import * as yup from 'yup';
import { OpError } from '../OpError';
import type { OpRoute } from './OpContext';

/** Blocking users and ending sessions: administrators for anyone, users for themselves. */
export const sessionAdminOps: OpRoute[] = [
  {
    pattern: 'act/blockUser',
    signedIn: true,
    body: yup.object({ userId: yup.string().required(), blocked: yup.boolean().required() }),
    handler: async (ctx, _p, body) => {
      if (!ctx.caller!.admin) throw new OpError('notAllowed', 'Only an administrator blocks users');
      const { userId, blocked } = body as { userId: string; blocked: boolean };
      await ctx.services.accounts.setBlocked(ctx.caller!, userId, blocked);
      return { blocked };
    },
  },
  {
    pattern: 'act/endSessions',
    signedIn: true,
    body: yup.object({ userId: yup.string(), keepCurrent: yup.boolean() }),
    handler: async (ctx, _p, body) => {
      const { userId, keepCurrent } = (body ?? {}) as { userId?: string; keepCurrent?: boolean };
      const target = userId ?? ctx.caller!.userId;
      if (target !== ctx.caller!.userId && !ctx.caller!.admin) throw new OpError('notAllowed', "Only an administrator ends another user's sessions");
      const ended = await ctx.services.accounts.endSessions(target, keepCurrent ? ctx.caller!.tokenHash : null);
      return { ended };
    },
  },
  {
    pattern: 'act/mySessions',
    signedIn: true,
    handler: async (ctx) => ctx.services.accounts.sessions(ctx.caller!.userId, ctx.caller!.tokenHash),
  },
  {
    pattern: 'act/endMySession',
    signedIn: true,
    body: yup.object({ id: yup.string().required() }),
    handler: async (ctx, _p, body) => {
      await ctx.services.accounts.endSession(ctx.caller!.userId, (body as { id: string }).id);
      return null;
    },
  },
];
