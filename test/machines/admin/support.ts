/** The admin actors in a session harness: requests go through the fake connection, replies are answered on demand. */
import type { AnyActorLogic, InputFrom } from 'xstate';
import { startInSession } from '../router/support/sessionFakes';

import { settled } from '../router/support/sessionFakes';

export { settled };

/** Starts `logic` beside a fake connection and an alerts recorder; `reply` answers the last (or `index`-th) request and waits for it to land. */
export function startAdmin<TLogic extends AnyActorLogic>(logic: TLogic, input: InputFrom<TLogic>) {
  const h = startInSession(logic, { systemId: 'subject', input });
  const reply = async (b: unknown, options: { index?: number; erred?: boolean } = {}): Promise<void> => {
    h.reply(b, options);
    await settled();
  };
  return { ...h, reply };
}
