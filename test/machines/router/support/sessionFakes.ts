/**
 * Stand-ins for the session actors the router and item actors talk to: an auth actor whose state
 * the test sets, a tasks actor that emits deletions, a connection that records requests and
 * answers them when the test says, and a recorder for alerts, all under their real system ids.
 */
import {
  assign,
  createActor,
  createMachine,
  emit,
  enqueueActions,
  fromCallback,
  setup,
  SimulatedClock,
  spawnChild,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type InputFrom,
} from 'xstate';
import type { Frame, UserSession } from '../../../../src/shared/protocol';
import { failureFromBody } from '../../../../machines/session/sessionErrors';
import type { ConnectionEmitted, ReplyTarget } from '../../../../machines/session/connectionMachine';
import type { AuthEmitted } from '../../../../machines/session/authMachine';
import type { TasksEmitted } from '../../../../machines/session/tasksMachine';
import { SystemId } from '../../../../machines/systemIds';

type FakeAuthEvent =
  | { type: 'fake.signedIn' }
  | { type: 'fake.signedOut' }
  | { type: 'fake.signingIn' }
  /** As the real auth does on entering NONE, TOKEN_SIGN_IN, SIGNOUT and OTHER_TAB_SIGNOUT. */
  | { type: 'fake.cachesDropped' }
  | { type: 'auth.signOutRequested' };

/** Auth states by their real names, so the real selectors read them; counts the sign-outs asked of it. */
export const fakeAuth = setup({
  types: { events: {} as FakeAuthEvent, context: {} as { user: null; signOuts: number }, emitted: {} as AuthEmitted },
}).createMachine({
  id: 'fakeAuth',
  context: { user: null, signOuts: 0 },
  initial: 'TOKEN_LOCAL',
  on: {
    'fake.signedIn': '.USER_VALID',
    'fake.signedOut': '.NONE',
    'fake.signingIn': '.TOKEN_SIGN_IN',
    'fake.cachesDropped': { actions: emit({ type: 'auth.cachesDropped' }) },
    'auth.signOutRequested': { actions: assign({ signOuts: ({ context }) => context.signOuts + 1 }) },
  },
  states: { TOKEN_LOCAL: {}, TOKEN_SIGN_IN: {}, USER_VALID: {}, NONE: {} },
});

export const fakeTasks = setup({
  types: { events: {} as { type: 'fake.deleted'; id: string }, emitted: {} as TasksEmitted },
}).createMachine({
  id: 'fakeTasks',
  on: { 'fake.deleted': { actions: emit(({ event }) => ({ type: 'tasks.itemDeleted' as const, id: event.id })) } },
});

interface SentRequest {
  frame: Frame;
  ticket: string | undefined;
  replyTo: ReplyTarget | undefined;
}
type FakeConnectionEvent =
  | { type: 'connection.send'; frame: Frame; ticket?: string; replyTo?: ReplyTarget }
  | { type: 'fake.reply'; index: number; b?: unknown; erred?: boolean }
  | { type: 'fake.push'; frame: Frame };

/** Records `connection.send`; `fake.reply` answers request number `index` like the real connection. */
export const fakeConnection = setup({
  types: { context: {} as { sent: SentRequest[] }, events: {} as FakeConnectionEvent, emitted: {} as ConnectionEmitted },
}).createMachine({
  id: 'fakeConnection',
  context: { sent: [] },
  on: {
    'connection.send': {
      actions: assign(({ context, event }) => ({
        sent: [...context.sent, { frame: event.frame, ticket: event.ticket, replyTo: event.replyTo }],
      })),
    },
    'fake.reply': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const request = context.sent[event.index];
        if (!request) throw new Error(`no request ${event.index}`);
        const base = { ticket: request.ticket, o: request.frame.o };
        const reply: ConnectionEmitted = event.erred
          ? { type: 'connection.failed', ...base, failure: failureFromBody(event.b as Parameters<typeof failureFromBody>[0]) }
          : { type: 'connection.replied', ...base, frame: { o: request.frame.o, b: event.b } };
        if (request.replyTo) enqueue.sendTo(request.replyTo, reply);
        enqueue.emit(reply);
      }),
    },
    'fake.push': { actions: emit(({ event }) => ({ type: 'connection.pushed' as const, frame: event.frame })) },
  },
});

export type FakeConnectionRef = ActorRefFrom<typeof fakeConnection>;

export interface SessionHarness<TLogic extends AnyActorLogic> {
  subject: ActorRefFrom<TLogic>;
  clock: SimulatedClock;
  auth: ActorRefFrom<typeof fakeAuth>;
  tasks: ActorRefFrom<typeof fakeTasks>;
  connection: FakeConnectionRef;
  alerts: AnyEventObject[];
  /** Frames sent through the connection, in order. */
  sent(): Frame[];
  /** Answers the `index`-th request (by default the last). */
  reply(b: unknown, options?: { index?: number; erred?: boolean }): void;
  stop(): void;
}

/** Starts `logic` as `systemId` beside fake auth, tasks, connection and an alerts recorder (and optional extra actors). */
export function startInSession<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: { systemId: string; input: InputFrom<TLogic>; signedIn?: boolean | null; extra?: Record<string, AnyActorLogic> },
): SessionHarness<TLogic> & { extra: (id: string) => AnyActorRef } {
  const alerts: AnyEventObject[] = [];
  const recorder = fromCallback<AnyEventObject>(({ receive }) => receive((event) => alerts.push(event)));
  const root = createMachine({
    id: 'harness',
    entry: [
      spawnChild(recorder, { id: SystemId.alerts, systemId: SystemId.alerts }),
      spawnChild(fakeAuth, { id: SystemId.auth, systemId: SystemId.auth }),
      spawnChild(fakeTasks, { id: SystemId.tasks, systemId: SystemId.tasks }),
      spawnChild(fakeConnection, { id: SystemId.connection, systemId: SystemId.connection }),
      ...Object.entries(options.extra ?? {}).map(([id, extra]) => spawnChild(extra, { id, systemId: id })),
      // Last, so that its session watch finds the fakes.
      spawnChild(logic, { id: 'subject', systemId: options.systemId, input: options.input }),
    ],
  });
  const clock = new SimulatedClock();
  const actor = createActor(root, { clock }).start();
  const children = actor.getSnapshot().children;
  const auth = children[SystemId.auth] as ActorRefFrom<typeof fakeAuth>;
  if (options.signedIn === true) auth.send({ type: 'fake.signedIn' });
  if (options.signedIn === false) auth.send({ type: 'fake.signedOut' });
  const connection = children[SystemId.connection] as FakeConnectionRef;
  return {
    subject: children['subject'] as ActorRefFrom<TLogic>,
    clock,
    auth,
    tasks: children[SystemId.tasks] as ActorRefFrom<typeof fakeTasks>,
    connection,
    alerts,
    sent: () => connection.getSnapshot().context.sent.map((request) => request.frame),
    reply: (b, { index, erred } = {}) =>
      connection.send({ type: 'fake.reply', index: index ?? connection.getSnapshot().context.sent.length - 1, b, erred }),
    stop: () => actor.stop(),
    extra: (id) => {
      const ref = children[id];
      if (!ref) throw new Error(`no actor ${id}`);
      return ref;
    },
  };
}

/** Lets request actors' promises settle after a fake reply: operation actors answer a tick later. */
export const settled = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 0));

type UserAuthEvent = { type: 'fake.signedIn'; user: UserSession } | { type: 'fake.signedOut' };

/** Auth that carries a signed-in user: the real selectors read its state name and `context.user`. */
export const fakeUserAuth = setup({
  types: { events: {} as UserAuthEvent, context: {} as { user: UserSession | null } },
}).createMachine({
  id: 'fakeUserAuth',
  context: { user: null },
  initial: 'NONE',
  on: {
    'fake.signedIn': { target: '.USER_VALID', actions: assign(({ event }) => ({ user: event.user })) },
    'fake.signedOut': { target: '.NONE', actions: assign({ user: null }) },
  },
  states: { NONE: {}, USER_VALID: {} },
});
