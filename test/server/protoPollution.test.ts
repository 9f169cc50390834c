import type { Frame } from '../../src/shared/protocol';
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

// Issue 19, finding 2: a user without membership hid an owner in a `__proto__` key over the socket
// and created a list value owned by an organisation; Object.prototype names passed as properties.

let srv: RunningServer;
let admin: TestUser;
let stranger: TestUser;
let org: Item;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  stranger = await buildUser(srv);
  org = await admin.client.call<Item>('create/Organization', { displayName: 'Polluted Waters', type: 'COMMUNITY' });
});
afterAll(async () => {
  admin?.client.close();
  stranger?.client.close();
  await srv.stop();
});

/** Sends a raw frame text (so that `__proto__` stays an own key) and answers the reply to sequence `s`. */
function rawRequest(user: TestUser, s: number, text: string): Promise<Frame> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as Frame;
      if (frame.s === s || (frame.erred && frame.s === undefined)) {
        user.client.socket.off('message', onMessage);
        resolve(frame);
      }
    };
    user.client.socket.on('message', onMessage);
    user.client.sendRaw(text);
  });
}

const itemCount = async (): Promise<number> =>
  Number((await srv.server.services.db.query<{ n: string | number }>('SELECT count(*) AS n FROM items')).rows[0]!.n);

const listKeys = async (owner: string): Promise<string[]> => {
  const res = await fetch(`${srv.url}/lov/en/ORG_COMMLOG_TYPES/${owner}`);
  return JSON.stringify(await res.json()).match(/"key":"[A-Z_]+"/g) ?? [];
};

describe('prototype pollution over the socket (finding 2)', () => {
  test('an owner hidden in __proto__ is refused and nothing is written', async () => {
    const before = await itemCount();
    const text = `{"o":"create/LOVValue","s":9001,"b":{"list":"ORG_COMMLOG_TYPES","key":"INJECTED","t":{"en":"Injected"},"__proto__":{"owner":{"id":"${org.$id}"}}}}`;
    const reply = await rawRequest(stranger, 9001, text);
    expect(reply.erred).toBe(true);
    expect(await itemCount()).toBe(before);
    expect(await listKeys(org.$id)).not.toContain('"key":"INJECTED"');
    const rows = await srv.server.services.db.query<{ id: string }>(`SELECT id FROM items WHERE owner_org = $1 AND type = 'LOVValue'`, [
      org.$id,
    ]);
    expect(rows.rows).toEqual([]);
  });

  test('the same owner given plainly is refused notAllowed', async () => {
    const reply = await stranger.client.request('create/LOVValue', {
      list: 'ORG_COMMLOG_TYPES',
      key: 'PLAIN',
      t: { en: 'Plain' },
      owner: { id: org.$id },
    });
    expect(reply).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
  });

  test('constructor.prototype and nested __proto__ keys are refused too', async () => {
    for (const [s, body] of [
      [9002, `{"lastName":"Ctor","constructor":{"prototype":{"owner":{"id":"${org.$id}"}}}}`],
      [9003, `{"lastName":"Nested","t":{"__proto__":{"admin":true}}}`],
    ] as const) {
      const reply = await rawRequest(stranger, s, `{"o":"create/Contact","s":${s},"b":${body}}`);
      expect(reply).toMatchObject({ erred: true });
    }
    expect(({} as Record<string, unknown>).owner).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  test.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty'])('a property named %s is never stored', async (name) => {
    const before = await itemCount();
    const reply = await admin.client.request('create/Contact', { lastName: 'Prototype Names', [name]: 'x' });
    expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
    expect(await itemCount()).toBe(before);
  });

  test('an update cannot add an Object.prototype name either', async () => {
    const item = await admin.client.call<Item>('create/Contact', { lastName: 'Updated Later' });
    const reply = await admin.client.request('update', { $id: item.$id, _u: item._u, toString: 'x' });
    expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
    expect((await admin.client.call<Item>(`read/${item.$id}`))._u).toBe(1);
  });

  test('the item store itself refuses an own __proto__ key, behind the dispatcher', async () => {
    const before = await itemCount();
    const body = JSON.parse(
      `{"list":"ORG_COMMLOG_TYPES","key":"BEHIND","t":{"en":"Behind"},"__proto__":{"owner":{"id":"${org.$id}"}}}`,
    ) as Record<string, unknown>;
    const author = { userId: stranger.id, masquerader: null };
    await expect(srv.server.services.items.create(author, 'LOVValue', body, { admin: false })).rejects.toMatchObject({
      userMessage: 'validationFailed',
    });
    await expect(
      srv.server.services.items.create(author, 'Contact', { lastName: 'Store', valueOf: 'x' }, { admin: false }),
    ).rejects.toMatchObject({ userMessage: 'validationFailed' });
    expect(await itemCount()).toBe(before);
  });

  test('isAllowed answers only the actions it knows, never an inherited function', async () => {
    const item = await admin.client.call<Item>('create/Contact', { lastName: 'Asked About', $access: 'COMMUNITY' });
    const reply = await stranger.client.request('act/isAllowed', { id: item.$id, actions: ['read', 'constructor', 'toString'] });
    const allowed = (reply.b as { allowed?: Record<string, unknown> } | undefined)?.allowed;
    if (!reply.erred) {
      expect(allowed).toEqual({ read: true, constructor: false, toString: false });
    }
    expect(JSON.stringify(reply)).not.toContain('tokenHash');
  });
});
