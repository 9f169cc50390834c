import { OpError } from '../OpError';
import type { Principal } from '../policy/Principal';
import type { OpContext } from './OpContext';

/** The signed-in caller of an operation marked `signedIn` (the dispatcher has refused anonymous ones already). */
export function signedInCaller(ctx: OpContext): Principal {
  if (!ctx.caller) throw new OpError('notSignedIn', 'This needs a signed-in user');
  return ctx.caller;
}
