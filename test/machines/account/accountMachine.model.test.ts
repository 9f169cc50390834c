import type { AnyMachineSnapshot } from 'xstate';
import { accountMachine, type AccountContext } from '../../../machines/account/accountMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

// The four regions and each form's message: the answers' other details do not change what the guards read.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as AccountContext;
  const messages = Object.entries(context.outcomes).map(([form, outcome]) => `${form}:${outcome.message ?? '-'}`);
  return `${JSON.stringify(snapshot.value)}|${messages.join(',')}`;
};

const FORMS = ['register', 'forgotPassword', 'setPass', 'confirmEmail'] as const;
// Each region invokes `post` under its own generated id; the answers are sent as the invoked actor's done and error events.
const answers = FORMS.flatMap((form) => {
  const id = `0.account.${form}.submitting`;
  return [
    { type: `xstate.done.actor.${id}`, output: { status: 200, token: 'fresh-token', body: { ok: true } } },
    { type: `xstate.done.actor.${id}`, output: { status: 400, token: null, body: { userMessage: 'linkExpired' } } },
    { type: `xstate.error.actor.${id}`, error: new Error('Network Error') },
    delayed('requestTimeout', `account.${form}.submitting`),
  ];
});

const effects = () => ({
  postAccount: () => new Promise<never>(() => undefined),
  navigate: () => undefined,
});

describe('accountMachine model (four forms: idle, submitting, done, refused)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'account',
      machine: accountMachine,
      variants: [{ name: 'default', input: () => ({ effects: effects(), timeoutMs: 1_000 }) }],
      events: [
        ...FORMS.map((form) => ({ type: 'account.opened', form })),
        { type: 'account.registerSubmitted', name: 'Mary', email: 'mary@example.org', password: 'long enough' },
        { type: 'account.forgotSubmitted', email: 'mary@example.org' },
        { type: 'account.setPassSubmitted', token: 'mail-token', password: 'long enough' },
        { type: 'account.confirmRequested', token: 'confirm-1' },
        ...answers,
      ],
      serializeState,
    });
    expectFullCoverage(report, 20);
  });
});
