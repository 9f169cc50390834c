import { operations } from '../../shared/protocol/operations';
import { OpError } from '../OpError';
import { bindOperation } from './bindOperation';
import type { OpRoute } from './OpContext';
import { signedInCaller } from './signedInCaller';

/** Blocking users and ending sessions: administrators for anyone, users for themselves. */
export const sessionAdminOps: OpRoute[] = [
  bindOperation(operations.blockUser, async (ctx, _p, { userId, blocked }) => {
    const caller = signedInCaller(ctx);
    if (!caller.admin) throw new OpError('notAllowed', 'Only an administrator blocks users');
    await ctx.services.accounts.setBlocked(caller, userId, blocked);
    return { blocked };
  }),
  bindOperation(operations.endSessions, async (ctx, _p, body) => {
    const caller = signedInCaller(ctx);
    const target = body?.userId ?? caller.userId;
    if (target !== caller.userId && !caller.admin) throw new OpError('notAllowed', "Only an administrator ends another user's sessions");
    const ended = await ctx.services.accounts.endSessions(target, body?.keepCurrent ? caller.tokenHash : null);
    return { ended };
  }),
  bindOperation(operations.mySessions, async (ctx) => {
    const caller = signedInCaller(ctx);
    return ctx.services.accounts.sessions(caller.userId, caller.tokenHash);
  }),
  bindOperation(operations.endMySession, async (ctx, _p, { id }) => {
    await ctx.services.accounts.endSession(signedInCaller(ctx).userId, id);
    return null;
  }),
];
