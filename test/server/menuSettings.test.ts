import type { MenuSettings } from '../../src/shared/modules/menuSettings';
import type { SiteConfig } from '../../src/shared/protocol';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, testDriver, type RunningServer } from '../support/testServer';

/** The site config embedded in the page the server answers for `/`. */
async function embeddedSiteConfig(srv: RunningServer): Promise<SiteConfig> {
  const html = await (await fetch(`${srv.url}/`)).text();
  const json = /<script id="kk-site-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json!) as SiteConfig;
}

const refusal = (userMessage: string) => ({ erred: true, b: expect.objectContaining({ userMessage }) });

describe('the menu setting in a dedicated deployment', () => {
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
    await srv?.stop();
  });

  test('is empty until set, for anyone signed in, and embedded so in the page', async () => {
    expect(await alice.client.call('act/menuSettings')).toEqual({ hidden: [], order: {} });
    expect((await embeddedSiteConfig(srv)).menu).toEqual({ hidden: [], order: {} });
  });

  test('an administrator sets it: it is stored normalised, read back, pushed to every open socket and embedded in the page', async () => {
    const second = await ProtocolClient.connect(srv.wsUrl, alice.token);
    try {
      const pushed = alice.client.nextPush((f) => f.o === 'siteConfig');
      const pushedToSecond = second.client.nextPush((f) => f.o === 'siteConfig');
      const stored = await admin.client.call<MenuSettings>('act/setMenuSettings', {
        hidden: ['search', 'search'],
        order: { '': ['notifications', 'home'], admin: ['admin.state'], 'my-contacts': [] },
      });
      const expected = { hidden: ['search'], order: { '': ['notifications', 'home'], admin: ['admin.state'] } };
      expect(stored).toEqual(expected);
      expect(((await pushed).b as SiteConfig).menu).toEqual(expected);
      expect(((await pushedToSecond).b as SiteConfig).menu).toEqual(expected);
      expect(await alice.client.call('act/menuSettings')).toEqual(expected);
      expect((await embeddedSiteConfig(srv)).menu).toEqual(expected);
    } finally {
      second.client.close();
    }
  });

  test('anyone but an administrator is refused and nothing changes', async () => {
    const before = await alice.client.call('act/menuSettings');
    expect(await alice.client.request('act/setMenuSettings', { hidden: [], order: {} })).toMatchObject(refusal('notAllowed'));
    expect(await alice.client.call('act/menuSettings')).toEqual(before);
  });

  test('signed-out callers read nothing', async () => {
    const res = await fetch(`${srv.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ o: 'act/menuSettings' }),
    });
    expect(await res.json()).toMatchObject(refusal('notSignedIn'));
  });

  test('entries of the admin menu cannot be hidden, unknown entries and misplaced or repeated siblings are refused', async () => {
    const before = await admin.client.call('act/menuSettings');
    const cases: [unknown, Record<string, string>][] = [
      [{ hidden: ['admin.menu-items'], order: {} }, { hidden: 'errors.menu.adminEntryHidden' }],
      [{ hidden: ['admin.lovs'], order: {} }, { hidden: 'errors.menu.adminEntryHidden' }],
      [{ hidden: ['no-such-entry'], order: {} }, { hidden: 'errors.menu.unknownEntry' }],
      [{ hidden: [], order: { '': ['admin.state'] } }, { order: 'errors.menu.unknownEntry' }],
      [{ hidden: [], order: { admin: ['home'] } }, { order: 'errors.menu.unknownEntry' }],
      [{ hidden: [], order: { '': ['home', 'search', 'home'] } }, { order: 'errors.menu.repeatedEntry' }],
    ];
    for (const [body, fields] of cases) {
      expect(await admin.client.request('act/setMenuSettings', body)).toMatchObject({
        erred: true,
        b: { userMessage: 'validationFailed', fields },
      });
    }
    expect(await admin.client.call('act/menuSettings')).toEqual(before);
  });

  test('a body of the wrong shape is refused before anything runs', async () => {
    for (const body of [
      undefined,
      { hidden: 'search', order: {} },
      { hidden: [], order: [] },
      { hidden: ['Not A Path'], order: {} },
      { hidden: [], order: { '': 'home' } },
      { hidden: [], order: {}, extra: 1 },
    ]) {
      expect(await admin.client.request('act/setMenuSettings', body)).toMatchObject(refusal('validationFailed'));
    }
  });

  test('a second server process on the same database pushes the change to its own sockets', async () => {
    if (testDriver() !== 'postgres') return; // the embedded database belongs to one process
    const second = await startTestServer({ dedicated: true, databaseUrl: srv.config.databaseUrl });
    const bob = await buildUser(second);
    try {
      const pushed = bob.client.nextPush((f) => f.o === 'siteConfig');
      await admin.client.call('act/setMenuSettings', { hidden: ['notifications'], order: {} });
      expect(((await pushed).b as SiteConfig).menu).toEqual({ hidden: ['notifications'], order: {} });
      expect((await embeddedSiteConfig(second)).menu).toEqual({ hidden: ['notifications'], order: {} });
    } finally {
      bob.client.close();
      await second.stop();
    }
  });
});

describe('the menu setting elsewhere', () => {
  let srv: RunningServer;
  let admin: TestUser;

  beforeAll(async () => {
    srv = await startTestServer({ dedicated: false });
    admin = await connectAdmin(srv);
  });
  afterAll(async () => {
    admin?.client.close();
    await srv?.stop();
  });

  test('is no operation outside dedicated deployments, and the page carries none', async () => {
    expect(await admin.client.request('act/menuSettings')).toMatchObject(refusal('unknownOperation'));
    expect(await admin.client.request('act/setMenuSettings', { hidden: ['search'], order: {} })).toMatchObject(refusal('unknownOperation'));
    expect((await embeddedSiteConfig(srv)).menu).toBeUndefined();
  });
});
