/**
 * The `vgn-token` cookie (docs/decisions.md, "Files in a real browser"): the browser mirrors its token
 * into it so that `<img>`, `<audio>` and download links, which cannot send a header, reach the files
 * the user may read. File GETs accept it; nothing else does (request forgery), and once the token is
 * signed out the cookie opens nothing.
 */
import * as tus from 'tus-js-client';
import sharp from 'sharp';
import WebSocket from 'ws';
import type { Item } from '../../src/shared/items/types';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import { EXPECT_STREAM_HEADER, TOKEN_COOKIE } from '../../src/shared/constants';
import { buildUser, type TestUser } from '../support/factories';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let alice: TestUser;
let bob: TestUser;
let contact: Item;
let photo: { uppyID: string; attachmentId: string };
let resultURI: string;

const cookie = (token: string) => ({ cookie: `theme=dark; ${TOKEN_COOKIE}=${encodeURIComponent(token)}` });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${srv.url}${path}`, { headers });

/** Uploads `data` as `user` (Bearer), related to `contact`. */
function upload(user: TestUser, data: Buffer, filename: string): Promise<{ uppyID: string; attachmentId: string }> {
  return new Promise((resolve, reject) => {
    const u = new tus.Upload(data, {
      endpoint: `${srv.url}/api/upload`,
      headers: { authorization: `Bearer ${user.token}` },
      metadata: { filename, relType: 'Contact', relIndex: String(contact._i), relProp: 'attachments' },
      retryDelays: [],
      onError: reject,
      onSuccess: ({ lastResponse }) =>
        resolve({ uppyID: u.url!.split('/').pop()!, attachmentId: lastResponse.getHeader('x-kk-attachment-id') ?? '' }),
    });
    u.start();
  });
}

beforeAll(async () => {
  srv = await startTestServer();
  alice = await buildUser(srv);
  bob = await buildUser(srv);
  contact = await alice.client.call<Item>('create/Contact', { firstName: 'Tillie', lastName: 'Cookiejar' });
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3a7d44' } })
    .png()
    .toBuffer();
  photo = await upload(alice, png, 'camp.png');
  const started = await alice.client.call<TaskInfo>('act/csvExport/async', {
    query: { must: [{ prop: '', kind: 'q', value: 'Cookiejar' }] },
    itemTypeName: 'Contact',
  });
  const done = await alice.client.nextPush((f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === started.key);
  resultURI = (done.b as TaskInfo).resultURI!;
});
afterAll(async () => {
  for (const u of [alice, bob]) u?.client.close();
  await srv.stop();
});

test('file GETs take the cookie: attachment media, its image variants, item images and task results', async () => {
  const media = await get(`/attachment/${photo.attachmentId}/camp.png`, cookie(alice.token));
  expect(media.status).toBe(200);
  expect(media.headers.get('content-type')).toBe('image/png');
  // Seeking in audio and video: a range request carries the cookie like any other.
  const part = await get(`/attachment/${photo.attachmentId}`, { ...cookie(alice.token), range: 'bytes=0-7' });
  expect(part.status).toBe(206);
  for (const path of [`/attachment/${photo.uppyID}?variant=thumb`, `/item-id-image/${contact.$id}`, `/item-uuid-image/${photo.uppyID}`]) {
    const res = await get(path, cookie(alice.token));
    expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'image/webp']);
  }
  const csv = await get(resultURI, cookie(alice.token));
  expect(csv.status).toBe(200);
  expect(await csv.text()).toContain('Tillie Cookiejar');
  // The cookie names a user, and that user's rights decide: Bob's cookie opens none of Alice's.
  expect((await get(`/attachment/${photo.uppyID}?variant=thumb`, cookie(bob.token))).status).toBe(404);
  expect((await get(resultURI, cookie(bob.token))).status).toBe(404);
});

test('without a credential a PROTECTED file answers 404 as a missing one does; a task result asks for a sign-in', async () => {
  const missing = await get('/attachment/Attachment-999999/nothing.png');
  expect(missing.status).toBe(404);
  const anonymous = await get(`/attachment/${photo.attachmentId}/camp.png`);
  expect(anonymous.status).toBe(404);
  expect(await anonymous.json()).toEqual({ userMessage: 'notFound', sysMessage: expect.any(String) });
  expect((await get(`/attachment/${photo.uppyID}?variant=thumb`)).status).toBe(404);
  expect((await get(resultURI)).status).toBe(401);
});

test('nothing else takes the cookie: POST /api/item, stream polls, uploads and the socket act as anonymous', async () => {
  const post = (frame: Frame, headers: Record<string, string>) =>
    fetch(`${srv.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(frame),
    });
  const withBearer = (await (await post({ o: `read/${contact.$id}`, s: 1 }, { authorization: `Bearer ${alice.token}` })).json()) as Frame;
  expect(withBearer).toMatchObject({ b: { $id: contact.$id } });
  const read = (await (await post({ o: `read/${contact.$id}`, s: 1 }, cookie(alice.token))).json()) as Frame;
  expect(read.erred).toBe(true);
  const create = (await (await post({ o: 'create/Contact', b: { lastName: 'Forged' }, s: 2 }, cookie(alice.token))).json()) as Frame;
  expect(create.erred).toBe(true);
  expect(await alice.client.call<{ total: number }>('search/ids', { must: { q: 'Forged' } })).toMatchObject({ total: 0 });
  // A streamed reply belongs to its user: the cookie does not fetch it.
  const streamed = (await (
    await post({ o: `read/${contact.$id}`, s: 3 }, { authorization: `Bearer ${alice.token}`, [EXPECT_STREAM_HEADER]: '1' })
  ).json()) as Frame;
  const streamKey = (streamed.b as { streamKey: string }).streamKey;
  expect((await get(`/api/stream/${streamKey}`, cookie(alice.token))).status).toBe(404);
  expect((await get(`/api/stream/${streamKey}`, { authorization: `Bearer ${alice.token}` })).status).toBe(200);

  const upload = await fetch(`${srv.url}/api/upload`, {
    method: 'POST',
    headers: { ...cookie(alice.token), 'tus-resumable': '1.0.0', 'upload-length': '4', 'upload-metadata': 'filename dC50eHQ=' },
  });
  expect(upload.status).toBe(401);

  // A socket opened with the cookie is still anonymous: its first frame must be tokenAuth, or it is closed.
  const socket = new ProtocolClient(new WebSocket(srv.wsUrl, { headers: cookie(alice.token) }));
  await new Promise((resolve) => socket.socket.once('open', resolve));
  socket.sendRaw(JSON.stringify({ o: `read/${contact.$id}`, s: 1 }));
  expect(await socket.closed).toEqual({ code: 4001, reason: 'identFailed' });
});

test('a signed-out token in the cookie is refused (401 notSignedIn), as is a forged one', async () => {
  const carol = await buildUser(srv);
  const own = await carol.client.call<Item>('create/Contact', { lastName: 'Signout' });
  // Accepted while signed in: the item has no image (404), where a refused token answers 401.
  expect((await get(`/item-id-image/${own.$id}`, cookie(carol.token))).status).toBe(404);
  const closed = carol.client.closed;
  carol.client.sendRaw(JSON.stringify({ o: 'signout' }));
  expect(await closed).toMatchObject({ code: 4001, reason: 'signedout' });
  const after = await get(`/item-id-image/${own.$id}`, cookie(carol.token));
  expect(after.status).toBe(401);
  expect(await after.json()).toMatchObject({ userMessage: 'notSignedIn' });
  expect((await get(`/attachment/${photo.uppyID}?variant=thumb`, cookie('forged'))).status).toBe(401);
});
