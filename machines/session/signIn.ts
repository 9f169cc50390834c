/** Sign-in as a promise for the sign-in form: resolves true once a token was received (spec 000 §4). */
import type { AuthActorRef } from '../systemIds';
import type { Credentials } from './sessionEffects';

/** Resolves with whether the sign-in gave a token, and the server's userMessage when it did not. */
export function signIn(auth: AuthActorRef, credentials: Credentials): Promise<{ ok: boolean; userMessage?: string }> {
  return new Promise((resolve) => {
    const subscription = auth.on('auth.signInResolved', (event) => {
      subscription.unsubscribe();
      resolve(event.userMessage === undefined ? { ok: event.ok } : { ok: event.ok, userMessage: event.userMessage });
    });
    auth.send({ type: 'auth.signInRequested', ...credentials });
  });
}
