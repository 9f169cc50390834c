import type { ServerState } from '../../src/shared/admin/ServerState';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, testDriver, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  srv = await startTestServer({ dedicated: true });
  admin = await connectAdmin(srv);
  alice = await buildUser(srv);
});
afterAll(async () => {
  for (const u of [admin, alice]) u?.client.close();
  await srv.stop();
});

describe('act/serverState', () => {
  test('answers an administrator the version, uptime, open sockets, running tasks, driver and database size', async () => {
    const state = await admin.client.call<ServerState>('act/serverState');
    expect(state).toEqual({
      version: srv.config.version,
      uptimeSeconds: expect.any(Number),
      openSockets: 2,
      activeTasks: 0,
      driver: testDriver(),
      databaseBytes: expect.any(Number),
      dedicated: true,
    });
    expect(state.databaseBytes).toBeGreaterThan(1_000_000);
    expect(state.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  test('refuses anyone else', async () => {
    expect(await alice.client.request('act/serverState')).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
  });
});

describe('site texts (locale overrides)', () => {
  test('an administrator sets one, GET /locale-overrides serves it, and clearing it puts the bundled text back', async () => {
    await admin.client.call('act/setLocaleOverride', { lang: 'en', key: 'app.siteSubtitle', message: "Our Nation's KnowledgeKeeper" });
    expect(await admin.client.call('act/localeOverrides', { lang: 'en' })).toEqual({ 'app.siteSubtitle': "Our Nation's KnowledgeKeeper" });
    expect(await (await fetch(`${srv.url}/locale-overrides/en`)).json()).toEqual({ 'app.siteSubtitle': "Our Nation's KnowledgeKeeper" });
    await admin.client.call('act/setLocaleOverride', { lang: 'en', key: 'app.siteSubtitle', message: null });
    expect(await (await fetch(`${srv.url}/locale-overrides/en`)).json()).toEqual({});
  });

  test('a change reaches every open page at once; a refused one reaches none', async () => {
    const second = await ProtocolClient.connect(srv.wsUrl, alice.token);
    const pushed = (client: ProtocolClient, key: string, message: string | null) =>
      client.nextPush(
        (f) => f.o === 'localeOverride' && (f.b as { key: string }).key === key && (f.b as { message: unknown }).message === message,
      );
    try {
      const toAlice = pushed(alice.client, 'app.signIn.title', 'Welcome home');
      const toSecond = pushed(second.client, 'app.signIn.title', 'Welcome home');
      await admin.client.call('act/setLocaleOverride', { lang: 'en', key: 'app.signIn.title', message: 'Welcome home' });
      expect((await toAlice).b).toEqual({ lang: 'en', key: 'app.signIn.title', message: 'Welcome home' });
      await toSecond;

      // Putting the bundled text back (a blank message) is pushed as null.
      const back = pushed(alice.client, 'app.signIn.title', null);
      await admin.client.call('act/setLocaleOverride', { lang: 'en', key: 'app.signIn.title', message: '  ' });
      expect((await back).b).toEqual({ lang: 'en', key: 'app.signIn.title', message: null });

      expect(
        await admin.client.request('act/setLocaleOverride', { lang: 'en', key: 'app.signIn.title', message: 'Broken {' }),
      ).toMatchObject({ erred: true });
      expect(await alice.client.request('act/setLocaleOverride', { lang: 'en', key: 'app.signIn.title', message: 'Mine' })).toMatchObject({
        erred: true,
      });
      // The next change pushed is a later one: the refused ones were not.
      const later = alice.client.nextPush((f) => f.o === 'localeOverride' && (f.b as { key: string }).key === 'app.signIn.title');
      await admin.client.call('act/setLocaleOverride', { lang: 'en', key: 'app.signIn.title', message: 'Later' });
      expect((await later).b).toMatchObject({ message: 'Later' });
      await admin.client.call('act/setLocaleOverride', { lang: 'en', key: 'app.signIn.title', message: null });
    } finally {
      second.client.close();
    }
  });

  test('others may neither read nor change them, and a malformed key is refused', async () => {
    expect(await alice.client.request('act/localeOverrides', { lang: 'en' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
    expect(await alice.client.request('act/setLocaleOverride', { lang: 'en', key: 'app.x', message: 'y' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
    expect(await admin.client.request('act/setLocaleOverride', { lang: 'en', key: 'no spaces', message: 'y' })).toMatchObject({
      erred: true,
      b: { userMessage: 'validationFailed', fields: { key: 'errors.invalidValue' } },
    });
  });

  test('a message that is not ICU is refused with errors.invalidMessage, and the text in place stays', async () => {
    await admin.client.call('act/setLocaleOverride', { lang: 'fr', key: 'app.subtitle', message: 'KnowledgeKeeper de {siteName}' });
    for (const message of ['Hello {name', '{n, plural, one {# item}}', '<b>bold', '{n, plural, other {x}']) {
      expect(await admin.client.request('act/setLocaleOverride', { lang: 'fr', key: 'app.subtitle', message })).toMatchObject({
        erred: true,
        b: {
          userMessage: 'validationFailed',
          sysMessage: expect.stringContaining('Not an ICU message'),
          fields: { message: 'errors.invalidMessage' },
        },
      });
    }
    expect(await (await fetch(`${srv.url}/locale-overrides/fr`)).json()).toEqual({ 'app.subtitle': 'KnowledgeKeeper de {siteName}' });
    // Plurals, selects, apostrophes and a lone closing brace are ICU.
    const fine = "{n, plural, one {# item} other {# items}} of {who, select, me {mine} other {Ada's}} }";
    expect(await admin.client.call('act/setLocaleOverride', { lang: 'fr', key: 'app.subtitle', message: fine })).toEqual({
      lang: 'fr',
      key: 'app.subtitle',
      message: fine,
    });
    // Removing needs no message to check.
    await admin.client.call('act/setLocaleOverride', { lang: 'fr', key: 'app.subtitle', message: null });
    expect(await admin.client.call('act/localeOverrides', { lang: 'fr' })).toEqual({});
  });
});
