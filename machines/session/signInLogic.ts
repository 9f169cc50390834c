/** POST /api/sign-in as a callback actor that reports its answer to the auth machine as events. */
import { fromCallback, type EventObject } from 'xstate';
import { UserMessage } from '../../src/shared/protocol';
import type { Credentials, SessionEffects } from './sessionEffects';

export interface SignInInput {
  credentials: Credentials;
  postSignIn: SessionEffects['postSignIn'];
}

/** The answers the auth machine receives. `token` is null when the `x-vgn-token` header was missing. */
export type SignInEvent =
  { type: 'auth.signInSucceeded'; token: string | null } | { type: 'auth.signInFailed'; userMessage: string; sysMessage?: string };

const userMessageOf = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && typeof (body as { userMessage?: unknown }).userMessage === 'string'
    ? (body as { userMessage: string }).userMessage
    : undefined;

/** Posts the credentials once. */
export const signInLogic = fromCallback<EventObject, SignInInput>(({ input, sendBack }) => {
  let stopped = false;
  const report = (event: SignInEvent): void => {
    if (!stopped) sendBack(event);
  };
  input.postSignIn(input.credentials).then(
    (answer) => {
      if (answer.status >= 200 && answer.status < 300) {
        report({ type: 'auth.signInSucceeded', token: answer.token ? answer.token : null });
        return;
      }
      const fallback = answer.status === 429 ? UserMessage.signInThrottled : UserMessage.signInFailed;
      report({ type: 'auth.signInFailed', userMessage: userMessageOf(answer.body) ?? fallback });
    },
    (error: unknown) =>
      report({
        type: 'auth.signInFailed',
        userMessage: 'networkError',
        sysMessage: error instanceof Error ? error.message : String(error),
      }),
  );
  return () => {
    stopped = true;
  };
});
