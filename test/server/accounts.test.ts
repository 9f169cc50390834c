import { TOKEN_HEADER } from '../../src/shared/constants';
import { buildUser } from '../support/factories';
import { linkToken, readOutbox } from '../support/outbox';
import { ProtocolClient, signIn } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

const post = (srv: RunningServer, path: string, body: unknown) =>
  fetch(`${srv.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('registration', () => {
  test('is closed unless the site opens it', async () => {
    const srv = await startTestServer();
    try {
      const res = await post(srv, '/api/register', { name: 'Someone', email: 'someone@test.example', password: 'long enough password' });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ userMessage: 'registrationClosed' });
      expect(await readOutbox(srv.config.dataDir)).toEqual([]);
    } finally {
      await srv.stop();
    }
  });

  describe('when open', () => {
    let srv: RunningServer;
    beforeAll(async () => {
      srv = await startTestServer({ allowRegistration: true, publicUrl: 'https://kk.test.example' });
    });
    afterAll(() => srv.stop());

    test('registers, mails a confirmation link, and signs in only after confirming', async () => {
      const email = 'new.member@test.example';
      const res = await post(srv, '/api/register', { name: 'New Member', email, password: 'a good long password' });
      expect(res.status).toBe(200);
      const mails = (await readOutbox(srv.config.dataDir)).filter((m) => m.to === email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('https://kk.test.example/confirm-email?token=');

      const early = await post(srv, '/api/sign-in', { email, password: 'a good long password' });
      expect(early.status).toBe(401);
      expect(await early.json()).toMatchObject({ userMessage: 'emailNotConfirmed' });

      const token = linkToken(mails[0]!, '/confirm-email');
      expect((await post(srv, '/api/confirm-email', { token })).status).toBe(200);
      expect(await signIn(srv.url, email, 'a good long password')).toBeTruthy();
      const again = await post(srv, '/api/confirm-email', { token });
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ userMessage: 'linkExpired' });
    });

    test('refuses bad details with the key of each field, and a taken address', async () => {
      const bad = await post(srv, '/api/register', { name: '', email: 'nope', password: 'short' });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        userMessage: 'validationFailed',
        fields: { name: 'errors.required', email: 'errors.invalidEmail', password: 'errors.passwordTooShort' },
      });
      await post(srv, '/api/register', { name: 'First', email: 'taken@test.example', password: 'a good long password' });
      const taken = await post(srv, '/api/register', { name: 'Second', email: 'Taken@test.example', password: 'a good long password' });
      expect(await taken.json()).toMatchObject({ fields: { email: 'errors.emailTaken' } });
    });
  });
});

describe('forgotten passwords', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.stop());

  test('an unknown address gets the same answer and no mail', async () => {
    const res = await post(srv, '/api/forgot-password', { email: 'nobody@test.example' });
    expect(res.status).toBe(200);
    expect((await readOutbox(srv.config.dataDir)).filter((m) => m.to === 'nobody@test.example')).toEqual([]);
  });

  test('the mailed link sets a new password once, signs in, and ends the old sessions', async () => {
    const user = await buildUser(srv);
    expect((await post(srv, '/api/forgot-password', { email: user.email })).status).toBe(200);
    // A second request within a minute sends no second mail.
    await post(srv, '/api/forgot-password', { email: user.email });
    const mails = (await readOutbox(srv.config.dataDir)).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    const token = linkToken(mails[0]!, '/set-pass');

    const short = await post(srv, '/api/set-pass', { token, password: 'short' });
    expect(await short.json()).toMatchObject({ userMessage: 'validationFailed', fields: { password: 'errors.passwordTooShort' } });

    const res = await post(srv, '/api/set-pass', { token, password: 'my brand new password' });
    expect(res.status).toBe(200);
    const fresh = res.headers.get(TOKEN_HEADER)!;
    expect(await user.client.closed).toEqual({ code: 4001, reason: 'signedout' });
    const { session } = await ProtocolClient.connect(srv.wsUrl, fresh);
    expect(session.email).toBe(user.email);
    await expect(signIn(srv.url, user.email, user.password)).rejects.toThrow(/401/);
    expect(await signIn(srv.url, user.email, 'my brand new password')).toBeTruthy();

    const reused = await post(srv, '/api/set-pass', { token, password: 'another long password' });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ userMessage: 'linkExpired' });
  });
});
