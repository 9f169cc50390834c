/** A connection and alerts stand-in for the admin actors: records requests, answers them on demand. */
import { createActor, fromCallback, type AnyActorLogic, type AnyEventObject, type InputFrom } from 'xstate';
import { fakeConnection, startInSession } from '../router/support/sessionFakes';

/** Starts `logic` with a fake connection and an alerts recorder in its input. */
export function startAdmin<TLogic extends AnyActorLogic>(
  logic: TLogic,
  input: (deps: { connection: unknown; alerts: unknown }) => InputFrom<TLogic>,
) {
  const connection = createActor(fakeConnection).start();
  const alerts: AnyEventObject[] = [];
  const recorder = createActor(fromCallback<AnyEventObject>(({ receive }) => receive((event) => alerts.push(event)))).start();
  const subject = createActor(logic, { input: input({ connection, alerts: recorder }) }).start();
  const sent = () => connection.getSnapshot().context.sent.map((r) => r.frame);
  const reply = (b: unknown, options: { index?: number; erred?: boolean } = {}) =>
    connection.send({
      type: 'fake.reply',
      index: options.index ?? connection.getSnapshot().context.sent.length - 1,
      b,
      ...(options.erred ? { erred: true } : {}),
    });
  return { subject, connection, alerts, sent, reply };
}

/** Lets the operation actors' promises settle after a reply. */
export const settled = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 0));

/** Starts `logic` beside a fake connection and an alerts recorder; `reply` answers the last (or `index`-th) request and waits for it to land. */
export function startAdminInSession<TLogic extends AnyActorLogic>(logic: TLogic, input: InputFrom<TLogic>) {
  const h = startInSession(logic, { systemId: 'subject', input });
  const reply = async (b: unknown, options: { index?: number; erred?: boolean } = {}): Promise<void> => {
    h.reply(b, options);
    await settled();
  };
  return { ...h, reply };
}
