import { createActor, createMachine, SimulatedClock, spawnChild } from 'xstate';
import { accountMachine, accountOutcome, accountPhase, type AccountForm } from '../../../machines/account/accountMachine';
import type { AccountAnswer, AccountPath } from '../../../machines/session/sessionEffects';
import { SystemId } from '../../../machines/systemIds';
import { flushPromises } from '../session/support/fakes';
import { startInSession } from '../router/support/sessionFakes';

interface Call {
  path: AccountPath;
  body: Record<string, string>;
  resolve(answer: AccountAnswer): void;
  reject(error: Error): void;
}

function start() {
  const calls: Call[] = [];
  const navigate = jest.fn<void, [string, { replace: boolean }]>();
  const postAccount = (path: AccountPath, body: Record<string, string>) =>
    new Promise<AccountAnswer>((resolve, reject) => calls.push({ path, body, resolve, reject }));
  const h = startInSession(accountMachine, {
    systemId: SystemId.account,
    input: { effects: { postAccount, navigate }, timeoutMs: 5_000 },
    signedIn: false,
  });
  return {
    ...h,
    calls,
    navigate,
    phase: (form: AccountForm) => accountPhase(h.subject.getSnapshot(), form),
    outcome: (form: AccountForm) => accountOutcome(h.subject.getSnapshot(), form),
  };
}

const ok = (token: string | null = null): AccountAnswer => ({ status: 200, token, body: { ok: true } });

describe('accountMachine', () => {
  it('registers: posts the trimmed name and address, is submitting until the answer, then done', async () => {
    const t = start();
    t.subject.send({ type: 'account.registerSubmitted', name: ' Mary ', email: ' mary@example.org ', password: ' secret pass ' });
    expect(t.phase('register')).toBe('submitting');
    expect(t.calls.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: 'register', body: { name: 'Mary', email: 'mary@example.org', password: ' secret pass ' } },
    ]);
    // A second submit while one is under way sends nothing.
    t.subject.send({ type: 'account.registerSubmitted', name: 'Mary', email: 'mary@example.org', password: 'x' });
    expect(t.calls).toHaveLength(1);
    t.calls[0]!.resolve(ok());
    await flushPromises();
    expect(t.phase('register')).toBe('done');
    expect(t.phase('forgotPassword')).toBe('idle');
  });

  it("says the server's message and field messages when refused, and clears them on the next try", async () => {
    const t = start();
    t.subject.send({ type: 'account.registerSubmitted', name: 'Mary', email: 'taken@example.org', password: 'long enough' });
    t.calls[0]!.resolve({
      status: 400,
      token: null,
      body: { userMessage: 'validationFailed', fields: { email: 'errors.emailTaken', n: 3 } },
    });
    await flushPromises();
    expect(t.phase('register')).toBe('refused');
    expect(t.outcome('register')).toEqual({ message: 'errors.validationFailed', fields: { email: 'errors.emailTaken' } });
    t.subject.send({ type: 'account.registerSubmitted', name: 'Mary', email: 'free@example.org', password: 'long enough' });
    expect(t.outcome('register')).toEqual({ message: null, fields: {} });
    t.calls[1]!.resolve({ status: 500, token: null, body: 'not json' });
    await flushPromises();
    expect(t.outcome('register')).toEqual({ message: 'errors.generalFailure', fields: {} });
  });

  it('says the server cannot be reached when the post fails, and that it did not answer after the time-out', async () => {
    const t = start();
    t.subject.send({ type: 'account.forgotSubmitted', email: ' someone@example.org ' });
    expect(t.calls[0]).toMatchObject({ path: 'forgot-password', body: { email: 'someone@example.org' } });
    t.calls[0]!.reject(new Error('Network Error'));
    await flushPromises();
    expect(t.phase('forgotPassword')).toBe('refused');
    expect(t.outcome('forgotPassword').message).toBe('errors.networkError');
    t.subject.send({ type: 'account.forgotSubmitted', email: 'someone@example.org' });
    t.clock.increment(4_999);
    expect(t.phase('forgotPassword')).toBe('submitting');
    t.clock.increment(1);
    expect(t.phase('forgotPassword')).toBe('refused');
    expect(t.outcome('forgotPassword').message).toBe('app.account.timedOut');
    // The late answer changes nothing.
    t.calls[1]!.resolve(ok());
    await flushPromises();
    expect(t.phase('forgotPassword')).toBe('refused');
  });

  it('sets a password and goes home (auth is handed the token: see below)', async () => {
    const t = start();
    t.subject.send({ type: 'account.setPassSubmitted', token: 'mail-token', password: 'a brand new password' });
    expect(t.calls[0]).toMatchObject({ path: 'set-pass', body: { token: 'mail-token', password: 'a brand new password' } });
    t.calls[0]!.resolve(ok('fresh-token'));
    await flushPromises();
    expect(t.phase('setPass')).toBe('done');
    expect(t.navigate.mock.calls).toEqual([['/', { replace: true }]]);
  });

  it('starts a form afresh when its page opens again, but not while its call is under way', async () => {
    const t = start();
    t.subject.send({ type: 'account.setPassSubmitted', token: 'old', password: 'a brand new password' });
    t.subject.send({ type: 'account.opened', form: 'setPass' });
    expect(t.phase('setPass')).toBe('submitting');
    t.calls[0]!.resolve({ status: 400, token: null, body: { userMessage: 'linkExpired' } });
    await flushPromises();
    expect(t.outcome('setPass').message).toBe('errors.linkExpired');
    t.subject.send({ type: 'account.opened', form: 'register' });
    expect(t.phase('setPass')).toBe('refused');
    t.subject.send({ type: 'account.opened', form: 'setPass' });
    expect(t.phase('setPass')).toBe('idle');
    expect(t.outcome('setPass')).toEqual({ message: null, fields: {} });
  });

  it('confirms an address as its page asks, once while under way, and again for a later visit', async () => {
    const t = start();
    t.subject.send({ type: 'account.confirmRequested', token: 'confirm-1' });
    t.subject.send({ type: 'account.confirmRequested', token: 'confirm-1' });
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0]).toMatchObject({ path: 'confirm-email', body: { token: 'confirm-1' } });
    t.calls[0]!.resolve(ok());
    await flushPromises();
    expect(t.phase('confirmEmail')).toBe('done');
    t.subject.send({ type: 'account.confirmRequested', token: 'confirm-2' });
    t.calls[1]!.resolve({ status: 400, token: null, body: { userMessage: 'linkExpired' } });
    await flushPromises();
    expect(t.phase('confirmEmail')).toBe('refused');
    expect(t.outcome('confirmEmail').message).toBe('errors.linkExpired');
  });
});

describe('accountMachine in the session', () => {
  it('signs in through auth with the token set-pass answered', async () => {
    const calls: Array<(answer: AccountAnswer) => void> = [];
    const sent: unknown[] = [];
    const auth = createMachine({ on: { '*': { actions: ({ event }) => sent.push(event) } } });
    const root = createMachine({
      entry: [
        spawnChild(auth, { systemId: SystemId.auth }),
        spawnChild(accountMachine, {
          systemId: SystemId.account,
          input: {
            effects: { postAccount: () => new Promise<AccountAnswer>((resolve) => calls.push(resolve)), navigate: () => undefined },
          },
        }),
      ],
    });
    const actor = createActor(root, { clock: new SimulatedClock() }).start();
    const account = actor.system.get(SystemId.account) as ReturnType<typeof start>['subject'];
    account.send({ type: 'account.setPassSubmitted', token: 'mail-token', password: 'a brand new password' });
    calls[0]!(ok('fresh-token'));
    await flushPromises();
    expect(sent).toContainEqual({ type: 'auth.signInSucceeded', token: 'fresh-token' });
    account.send({ type: 'account.opened', form: 'setPass' });
    account.send({ type: 'account.setPassSubmitted', token: 'mail-token', password: 'a brand new password' });
    // No x-vgn-token header: auth is told so (it stays signed out and warns).
    calls[1]!(ok(null));
    await flushPromises();
    expect(sent).toContainEqual({ type: 'auth.signInSucceeded', token: null });
    actor.stop();
  });
});
