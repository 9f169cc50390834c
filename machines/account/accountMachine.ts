/**
 * The account pages outside the socket (spec 000 §2 Known paths: /register, the forgot-password
 * entry, /set-pass, /confirm-email): each form is a region, idle, submitting (`POST /api/{path}`
 * through the injected effect, given up after the site's httpTimeout), done, or refused with the
 * server's message and per-field messages. Set-pass signs in with the token its answer carries, as a
 * sign-in post would, and goes home. The pages render the snapshot and send events only.
 */
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { HTTP_TIMEOUT_MS } from '../../src/shared/constants';
import type { AccountAnswer, AccountPath, SessionEffects } from '../session/sessionEffects';
import { getAuth } from '../systemIds';
import { accountBody, outcomeOf, TIMED_OUT, UNREACHABLE, type AccountOutcome, type AccountSubmission } from './accountOutcome';

export type { AccountOutcome } from './accountOutcome';

/** The four forms, one region each. */
export type AccountForm = 'register' | 'forgotPassword' | 'setPass' | 'confirmEmail';
/** Where a form is: the page shows the form (idle, refused), a busy state, or the confirmation. */
export type AccountPhase = 'idle' | 'submitting' | 'done' | 'refused';

export type AccountEffects = Pick<SessionEffects, 'postAccount' | 'navigate'>;

export interface AccountInput {
  effects: AccountEffects;
  /** How long a call may take before the form says the server did not answer (the site's httpTimeout). */
  timeoutMs?: number;
}

export interface AccountContext {
  effects: AccountEffects;
  timeoutMs: number;
  /** What the last call of each form ended with (null message: nothing to say). */
  outcomes: Record<AccountForm, AccountOutcome>;
}

export type AccountEvent =
  /** A page opened: its form starts afresh (unless a call of it is still under way). */
  { type: 'account.opened'; form: AccountForm } | AccountSubmission;

interface PostInput {
  postAccount: AccountEffects['postAccount'];
  path: AccountPath;
  body: Record<string, string>;
}

const NONE: AccountOutcome = { message: null, fields: {} };
const post = (form: AccountForm) => ({
  src: 'post' as const,
  input: ({ context, event }: { context: AccountContext; event: AccountEvent }): PostInput => {
    const { path, body } = accountBody(event, form);
    return { postAccount: context.effects.postAccount, path, body };
  },
});
const accepted = (form: AccountForm) => ({ type: 'isAccepted', params: { form } }) as const;
const refuse = (form: AccountForm) =>
  ({
    type: 'setOutcome',
    params: ({ event }: { event: { output: AccountAnswer } }) => ({ form, outcome: outcomeOf(event.output) }),
  }) as const;
const show = (form: AccountForm, outcome: AccountOutcome) => ({ type: 'setOutcome', params: { form, outcome } }) as const;
const reopen = (form: AccountForm) =>
  ({
    guard: { type: 'isForm', params: { form } },
    target: 'idle',
    actions: { type: 'setOutcome', params: { form, outcome: NONE } },
  }) as const;

/** The account forms: register, forgot password, set password (which signs in) and confirm e-mail. */
export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    input: {} as AccountInput,
  },
  actors: {
    post: fromPromise<AccountAnswer, PostInput>(({ input }) => input.postAccount(input.path, input.body)),
  },
  delays: {
    requestTimeout: ({ context }) => context.timeoutMs,
  },
  guards: {
    isForm: ({ event }, params: { form: AccountForm }) => event.type === 'account.opened' && event.form === params.form,
    isAccepted: ({ event }) => {
      const answer = (event as { output?: AccountAnswer }).output;
      return answer !== undefined && answer.status >= 200 && answer.status < 300;
    },
  },
  actions: {
    setOutcome: assign(({ context }, params: { form: AccountForm; outcome: AccountOutcome }) => ({
      outcomes: { ...context.outcomes, [params.form]: params.outcome },
    })),
    // The answer carries a sign-in token: auth takes it exactly as from a sign-in post (none: signed out, warned).
    signIn: enqueueActions(({ enqueue, system }, params: { token: string | null }) => {
      const auth = getAuth(system);
      if (auth) enqueue.sendTo(auth, { type: 'auth.signInSucceeded', token: params.token });
    }),
    goHome: ({ context }) => context.effects.navigate('/', { replace: true }),
  },
}).createMachine({
  id: 'account',
  context: ({ input }) => ({
    effects: input.effects,
    timeoutMs: input.timeoutMs ?? HTTP_TIMEOUT_MS,
    outcomes: { register: NONE, forgotPassword: NONE, setPass: NONE, confirmEmail: NONE },
  }),
  type: 'parallel',
  states: {
    register: {
      initial: 'idle',
      states: {
        idle: { on: { 'account.registerSubmitted': 'submitting' } },
        submitting: {
          entry: show('register', NONE),
          invoke: {
            ...post('register'),
            onDone: [
              { guard: accepted('register'), target: 'done' },
              { target: 'refused', actions: refuse('register') },
            ],
            onError: { target: 'refused', actions: show('register', UNREACHABLE) },
          },
          after: { requestTimeout: { target: 'refused', actions: show('register', TIMED_OUT) } },
        },
        done: { on: { 'account.opened': reopen('register') } },
        refused: { on: { 'account.registerSubmitted': 'submitting', 'account.opened': reopen('register') } },
      },
    },
    forgotPassword: {
      initial: 'idle',
      states: {
        idle: { on: { 'account.forgotSubmitted': 'submitting' } },
        submitting: {
          entry: show('forgotPassword', NONE),
          invoke: {
            ...post('forgotPassword'),
            onDone: [
              { guard: accepted('forgotPassword'), target: 'done' },
              { target: 'refused', actions: refuse('forgotPassword') },
            ],
            onError: { target: 'refused', actions: show('forgotPassword', UNREACHABLE) },
          },
          after: { requestTimeout: { target: 'refused', actions: show('forgotPassword', TIMED_OUT) } },
        },
        done: { on: { 'account.opened': reopen('forgotPassword') } },
        refused: { on: { 'account.forgotSubmitted': 'submitting', 'account.opened': reopen('forgotPassword') } },
      },
    },
    setPass: {
      initial: 'idle',
      states: {
        idle: { on: { 'account.setPassSubmitted': 'submitting' } },
        submitting: {
          entry: show('setPass', NONE),
          invoke: {
            ...post('setPass'),
            onDone: [
              {
                guard: accepted('setPass'),
                target: 'done',
                actions: [
                  { type: 'signIn', params: ({ event }: { event: { output: AccountAnswer } }) => ({ token: event.output.token || null }) },
                  'goHome',
                ],
              },
              { target: 'refused', actions: refuse('setPass') },
            ],
            onError: { target: 'refused', actions: show('setPass', UNREACHABLE) },
          },
          after: { requestTimeout: { target: 'refused', actions: show('setPass', TIMED_OUT) } },
        },
        done: { on: { 'account.opened': reopen('setPass') } },
        refused: { on: { 'account.setPassSubmitted': 'submitting', 'account.opened': reopen('setPass') } },
      },
    },
    // Asked as the page opens (the link from the registration mail), so a new request also leaves done.
    confirmEmail: {
      initial: 'idle',
      states: {
        idle: { on: { 'account.confirmRequested': 'submitting' } },
        submitting: {
          entry: show('confirmEmail', NONE),
          invoke: {
            ...post('confirmEmail'),
            onDone: [
              { guard: accepted('confirmEmail'), target: 'done' },
              { target: 'refused', actions: refuse('confirmEmail') },
            ],
            onError: { target: 'refused', actions: show('confirmEmail', UNREACHABLE) },
          },
          after: { requestTimeout: { target: 'refused', actions: show('confirmEmail', TIMED_OUT) } },
        },
        done: { on: { 'account.confirmRequested': 'submitting' } },
        refused: { on: { 'account.confirmRequested': 'submitting' } },
      },
    },
  },
});

export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;
export type AccountActorRef = ActorRefFrom<typeof accountMachine>;

/** Where `form` is. */
export const accountPhase = (snapshot: AccountSnapshot, form: AccountForm): AccountPhase => snapshot.value[form];
/** The message and per-field messages of `form`'s last refusal (the same object until it changes). */
export const accountOutcome = (snapshot: AccountSnapshot, form: AccountForm): AccountOutcome => snapshot.context.outcomes[form];
