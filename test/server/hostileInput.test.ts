import type { Frame } from '../../src/shared/protocol';
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

// Issue 19, finding 5 (bodies reached handlers unvalidated: 146 of 3,813 fuzzed frames raised
// exceptions) and the anonymous-existence part of finding 8 (reads told strangers which ids exist).

let srv: RunningServer;
let admin: TestUser;
let stranger: TestUser;
let errorSpy: jest.SpyInstance;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  stranger = await buildUser(srv);
});
afterAll(async () => {
  admin?.client.close();
  stranger?.client.close();
  await srv.stop();
});
beforeEach(() => {
  errorSpy = jest.spyOn(console, 'error');
});
afterEach(() => errorSpy.mockRestore());

/** The messages the dispatcher logs for an exception a handler did not expect. */
const handlerFailures = (): unknown[][] => errorSpy.mock.calls.filter((c) => String(c[0]).startsWith('Operation '));

const postItem = async (frame: unknown): Promise<Frame> =>
  (await (
    await fetch(`${srv.url}/api/item`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(frame) })
  ).json()) as Frame;

const count = async (table: 'items' | 'events'): Promise<number> =>
  Number((await srv.server.services.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

/** JSON text of an array nested `depth` deep (JSON.stringify itself overflows on such values). */
const nested = (depth: number): string => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

let rawSeq = 100_000;

/** Sends a frame whose body is given as JSON text; answers its reply. */
function requestText(user: TestUser, o: string, bodyText: string): Promise<Frame> {
  const s = ++rawSeq;
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as Frame;
      if (frame.s !== s) return;
      user.client.socket.off('message', onMessage);
      resolve(frame);
    };
    user.client.socket.on('message', onMessage);
    user.client.sendRaw(`{"o":${JSON.stringify(o)},"s":${s},"b":${bodyText}}`);
  });
}

describe('finding 5: every hostile body is a clear refusal, never a handler exception', () => {
  test.each([
    ['act/lov', { list: 'ORG_COMMLOG_TYPES', locale: 'en', constructor: 1 }],
    ['act/isAllowed', { id: 'Contact-1', actions: ['read'], toString: 'x' }],
    ['act/getLegacyPath', { alias: '/a', valueOf: 2 }],
  ])('an Object.prototype key in the body of %s (field.resolve is not a function)', async (o, b) => {
    expect(await stranger.client.request(o, b)).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
    expect(handlerFailures()).toEqual([]);
  });

  test.each([
    ['readMany/object', nested(20_000)],
    ['act/isAllowed', `{"id":"Contact-1","actions":${nested(20_000)}}`],
    ['act/fetchNotifications', `{"ids":${nested(20_000)}}`],
    ['create/Contact', `{"lastName":"Deep","notes":${nested(20_000)}}`],
  ])('deep nesting in %s (Maximum call stack size exceeded)', async (o, b) => {
    expect(await requestText(stranger, o, b)).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
    expect(handlerFailures()).toEqual([]);
  });

  test.each(['read/%E0%A4%A', 'label/%', 'removeWatch/Contact-%ZZ', 'addWatch/Contact-1/%C0'])(
    'a malformed %% escape in %s (URIError)',
    async (o) => {
      const reply = await stranger.client.request(o);
      expect(reply.erred).toBe(true);
      expect(['invalidId', 'validationFailed']).toContain((reply.b as { userMessage: string }).userMessage);
      expect(handlerFailures()).toEqual([]);
      expect(await stranger.client.call('ping')).toBe('pong');
    },
  );

  test('a NUL character never reaches PostgreSQL, and nothing is written', async () => {
    const [items, events] = [await count('items'), await count('events')];
    const create = await stranger.client.request('create/Contact', { lastName: 'Null\u0000Byte' });
    expect(create).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { lastName: 'errors.nulCharacter' } } });
    const search = await stranger.client.request('search/ids', { must: { q: 'nul\u0000' } });
    expect(search).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
    expect(handlerFailures()).toEqual([]);
    expect([await count('items'), await count('events')]).toEqual([items, events]);
  });

  test.each([
    ['removeWatch/not-an-id', 'invalidId'],
    ['removeWatch/Contact-1-2-3', 'invalidId'],
    ['removeWatch/Contact-0/abc', 'validationFailed'],
    ['removeWatch/Contact-0/-1', 'validationFailed'],
    ['removeWatch/0Contact-0/1', 'invalidId'],
  ])('an invalid id in %s is refused %s', async (o, userMessage) => {
    expect(await stranger.client.request(o)).toMatchObject({ erred: true, b: { userMessage } });
    expect(handlerFailures()).toEqual([]);
  });

  test('a body of the wrong type is validationFailed with the field, and not coerced', async () => {
    const reply = await stranger.client.request('act/markNotifications', { indexes: ['1', '2'] });
    expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { 'indexes[0]': expect.any(String) } } });
    const extra = await stranger.client.request('act/isAllowed', { id: 'Contact-1', actions: ['read'], sneaky: true });
    expect(extra).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { sneaky: 'errors.unknownProperty' } } });
  });
});

describe('finding 8: a caller who may not read an item cannot tell it from a missing one', () => {
  let hidden: Item;
  let privateOne: Item;
  const missing = 'Contact-987654';

  beforeAll(async () => {
    hidden = await admin.client.call<Item>('create/Contact', { lastName: 'Community Only', $access: 'COMMUNITY' });
    privateOne = await admin.client.call<Item>('create/Contact', { lastName: 'Private One', $access: 'PRIVATE' });
  });

  /** The reply with the id masked, so that the answers for two ids can be compared. */
  const shape = (f: Frame, id: string): string =>
    JSON.stringify({ ...f, o: undefined, s: undefined })
      .split(id)
      .join('<id>');

  test.each(['read/{id}', 'readAllowed/{id}', 'label/{id}'])('anonymous %s', async (pattern) => {
    const ask = (id: string) => postItem({ o: pattern.replace('{id}', id), s: 1 });
    expect(shape(await ask(hidden.$id), hidden.$id)).toBe(shape(await ask(missing), missing));
  });

  test('anonymous act/isAllowed', async () => {
    const ask = (id: string) => postItem({ o: 'act/isAllowed', s: 1, b: { id, actions: ['read', 'update'] } });
    expect(shape(await ask(hidden.$id), hidden.$id)).toBe(shape(await ask(missing), missing));
  });

  test('anonymous readMany answers neither', async () => {
    expect((await postItem({ o: 'readMany/object', s: 1, b: [hidden.$id, missing] })).b).toEqual({});
  });

  test.each(['read/{id}', 'readAllowed/{id}', 'label/{id}', 'addWatch/{id}', 'act/getNotify'])(
    'a signed-in stranger, %s of a PRIVATE item',
    async (pattern) => {
      const ask = (id: string) =>
        pattern === 'act/getNotify' ? stranger.client.request(pattern, { id }) : stranger.client.request(pattern.replace('{id}', id));
      expect(shape(await ask(privateOne.$id), privateOne.$id)).toBe(shape(await ask(missing), missing));
    },
  );

  test('a signed-in stranger, act/isAllowed of a PRIVATE item', async () => {
    const ask = (id: string) => stranger.client.request('act/isAllowed', { id, actions: ['read'] });
    expect(shape(await ask(privateOne.$id), privateOne.$id)).toBe(shape(await ask(missing), missing));
  });

  test('anonymous refusals keep notAllowed, so the browser still offers to sign in', async () => {
    expect(await postItem({ o: `read/${missing}`, s: 1 })).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
  });
});
