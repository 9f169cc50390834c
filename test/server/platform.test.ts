import type { Item } from '../../src/shared/items/types';
import type { SystemAlertPush } from '../../src/shared/protocol';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  alice = await buildUser(srv);
});
afterAll(async () => {
  for (const u of [admin, alice]) u?.client.close();
  await srv.stop();
});

const alertsPush = (match: (alerts: SystemAlertPush[]) => boolean) => (f: { o: string; b?: unknown }) =>
  f.o === 'sysAlerts' && match(f.b as SystemAlertPush[]);

describe('system alerts', () => {
  test('an administrator creates one and every open session receives it; new sessions get it at sign-in; ending it takes it away', async () => {
    const alert = await admin.client.call<Item>('create/SystemAlert', {
      title: 'Maintenance tonight',
      message: 'The site is down 22:00-23:00.',
      modal: true,
    });
    const pushed = await alice.client.nextPush(alertsPush((a) => a.some((x) => x.id === alert.$id)));
    expect(pushed.b).toContainEqual({ id: alert.$id, title: 'Maintenance tonight', message: 'The site is down 22:00-23:00.', modal: true });

    const later = await ProtocolClient.connect(srv.wsUrl, alice.token);
    expect((await later.client.nextPush((f) => f.o === 'sysAlerts')).b).toContainEqual(expect.objectContaining({ id: alert.$id }));
    later.client.close();

    await admin.client.call('update', { $id: alert.$id, _u: alert._u, active: false });
    await alice.client.nextPush(alertsPush((a) => !a.some((x) => x.id === alert.$id)));
  });

  test('only administrators create them', async () => {
    expect(await alice.client.request('create/SystemAlert', { title: 'Spoof', message: 'x' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
  });
});

describe("what's new", () => {
  test("entries come newest version first, in the caller's locale or English, for their capabilities", async () => {
    const add = (b: Record<string, unknown>) => admin.client.call<Item>('create/WhatsNew', b);
    await add({ version: 'v1.2.0', locale: 'en', title: 'Maps', body: '<p>Maps arrived.</p>' });
    await add({ version: 'v1.2.0', locale: 'fr', title: 'Maps', body: '<p>Les cartes.</p>' });
    await add({ version: 'v1.10.0', locale: 'en', title: 'Research', capability: 'Research' });
    await add({ version: 'v1.9.1', locale: 'en', title: 'Search' });
    expect(await admin.client.request('create/WhatsNew', { version: '1.2', locale: 'en', title: 'Bad' })).toMatchObject({
      erred: true,
      b: { fields: { version: 'errors.invalidVersion' } },
    });
    const fr = await alice.client.call<Item[]>('act/whatsNew', { locale: 'fr-CA' });
    expect(fr.map((e) => [e.version, e.locale])).toEqual([
      ['v1.9.1', 'en'],
      ['v1.2.0', 'fr'],
    ]);
    await admin.client.call('act/setCapabilities', { userId: alice.id, capabilities: { Research: true } });
    for (let i = 0; i < 50; i++) {
      const en = await alice.client.call<Item[]>('act/whatsNew', { locale: 'en' });
      if (en.length === 3) {
        expect(en.map((e) => e.version)).toEqual(['v1.10.0', 'v1.9.1', 'v1.2.0']);
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the Research entry never showed for a holder of the capability');
  });
});

describe('legacy paths', () => {
  test('an old path leads to its item, for those who may read it', async () => {
    const org = await admin.client.call<Item>('create/Organization', { displayName: 'Migrated Nation', type: 'COMMUNITY' });
    const hidden = await admin.client.call<Item>('create/Contact', { lastName: 'Hidden Migrated', $access: 'PRIVATE' });
    await admin.client.call('act/setLegacyPath', { alias: '/node/1234', itemId: org.$id });
    await admin.client.call('act/setLegacyPath', { alias: '/node/99', itemId: hidden.$id });
    expect(await alice.client.call('act/getLegacyPath', { alias: '/node/1234' })).toEqual({ itemId: org.$id });
    expect(await alice.client.request('act/getLegacyPath', { alias: '/node/99' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
    expect(await alice.client.request('act/getLegacyPath', { alias: '/nowhere' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notFound' },
    });
    expect(await alice.client.request('act/setLegacyPath', { alias: '/x', itemId: org.$id })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
  });
});

describe('the switch action', () => {
  test('flips one yes/no or choice property; a refused switch says why and changes nothing', async () => {
    const me = await alice.client.call<Item>(`read/${alice.id}`);
    const dark = await alice.client.call<Item>(`switch/${alice.id}`, { prop: 'dark', value: !me.dark });
    expect(dark.dark).toBe(!me.dark);
    expect(await alice.client.request(`switch/${alice.id}`, { prop: 'notifyFrequency', value: 'HOURLY' })).toMatchObject({
      erred: true,
      b: { userMessage: 'validationFailed', fields: { notifyFrequency: 'errors.invalidValue' } },
    });
    expect(await alice.client.request(`switch/${alice.id}`, { prop: 'name', value: 'Renamed' })).toMatchObject({
      erred: true,
      b: { fields: { name: 'errors.notSwitchable' } },
    });
    expect(await alice.client.request(`switch/${admin.id}`, { prop: 'dark', value: true })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
    expect((await alice.client.call<Item>(`read/${alice.id}`)).dark).toBe(!me.dark);
  });
});
