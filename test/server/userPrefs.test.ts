import type { Item } from '../../src/shared/items/types';
import { ProtocolClient } from '../support/protocolClient';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let mary: TestUser;
let other: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  mary = await buildUser(srv, { name: 'Mary Thomas' });
  other = await buildUser(srv, { name: 'Other Person' });
});
afterAll(async () => {
  for (const u of [admin, mary, other]) u?.client.close();
  await srv.stop();
});

describe("a user's own display preferences and what's-new version", () => {
  test('are saved on their User item and come back in the next session', async () => {
    const own = await mary.client.call<Item>(`read/${mary.id}`);
    const saved = await mary.client.call<Item>('update', { $id: mary.id, _u: own._u, dark: true, hideGuidance: true, multiColumns: false });
    expect(saved).toMatchObject({ dark: true, hideGuidance: true, multiColumns: false, _u: own._u + 1 });
    const seen = await mary.client.call<Item>('update', { $id: mary.id, _u: saved._u, whatsNewSeen: 'v1.2.3' });
    expect(seen.whatsNewSeen).toBe('v1.2.3');

    const { client, session } = await ProtocolClient.connect(srv.wsUrl, mary.token);
    client.close();
    expect(session).toMatchObject({ dark: true, hideGuidance: true, multiColumns: false });
  });

  test("a stale _u answers staleUpdate; someone else's User item is refused", async () => {
    const own = await mary.client.call<Item>(`read/${mary.id}`);
    expect(await mary.client.request('update', { $id: mary.id, _u: own._u - 1, dark: false })).toMatchObject({
      erred: true,
      b: { userMessage: 'staleUpdate' },
    });
    const theirs = await admin.client.call<Item>(`read/${other.id}`);
    expect(await mary.client.request('update', { $id: other.id, _u: theirs._u, dark: true })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
  });
});
