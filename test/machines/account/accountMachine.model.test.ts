import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { accountMachine, type AccountContext } from '../../../machines/account/accountMachine';
import { delayed, expectFullCoverage, exploreModel, mergeReports } from '../support/modelCoverage';

// The four regions and each form's message: the answers' other details do not change what the guards read.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as AccountContext;
  const messages = Object.entries(context.outcomes).map(([form, outcome]) => `${form}:${outcome.message ?? '-'}`);
  return `${JSON.stringify(snapshot.value)}|${messages.join(',')}`;
};

const FORMS = ['register', 'forgotPassword', 'setPass', 'confirmEmail'] as const;
type Form = (typeof FORMS)[number];
const SUBMITTED: Record<Form, AnyEventObject> = {
  register: { type: 'account.registerSubmitted', name: 'Mary', email: 'mary@example.org', password: 'long enough' },
  forgotPassword: { type: 'account.forgotSubmitted', email: 'mary@example.org' },
  setPass: { type: 'account.setPassSubmitted', token: 'mail-token', password: 'long enough' },
  confirmEmail: { type: 'account.confirmRequested', token: 'confirm-1' },
};
// Each region invokes `post` under its own generated id; the answers are sent as the invoked actor's done and error events.
const answers = (form: Form): AnyEventObject[] => {
  const id = `0.account.${form}.submitting`;
  return [
    { type: `xstate.done.actor.${id}`, output: { status: 200, token: 'fresh-token', body: { ok: true } } },
    { type: `xstate.done.actor.${id}`, output: { status: 400, token: null, body: { userMessage: 'linkExpired' } } },
    { type: `xstate.error.actor.${id}`, error: new Error('Network Error') },
    delayed('requestTimeout', `account.${form}.submitting`),
  ];
};

const effects = () => ({
  postAccount: () => new Promise<never>(() => undefined),
  navigate: () => undefined,
});

describe('accountMachine model (four forms: idle, submitting, done, refused)', () => {
  it('replays a path through every state and every transition', () => {
    // The four regions are independent (no event or guard of one reads another): each is explored with
    // its own events while the others rest, rather than every interleaving of the four (tens of thousands of states).
    const reports = FORMS.map((form) =>
      exploreModel({
        name: `account.${form}`,
        machine: accountMachine,
        variants: [{ name: form, input: () => ({ effects: effects(), timeoutMs: 1_000 }) }],
        events: [{ type: 'account.opened', form }, SUBMITTED[form], ...answers(form)],
        serializeState,
      }),
    );
    const report = mergeReports('account', reports);
    expectFullCoverage(report, 20);
  });
});
