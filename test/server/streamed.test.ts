/**
 * Streamed answers (spec 000 §7, docs/modules.md "Streamed answers"), on both drivers: a request
 * with the `stream` flag is answered `{streamKey}` and then `stream:{key}` pushes carrying the
 * pieces in order, the last marked done; a piece that fails ends the stream erred with its message
 * key; over HTTP the same pieces are polled from GET /api/stream/{key} until x-vgn-stream-done.
 */
import type { Frame, StreamKeyBody, StreamPieceBody } from '../../src/shared/protocol';
import type { Item } from '../../src/shared/items/types';
import { STREAM_PIECE_IDS } from '../../src/server/socket/streamedReply';
import { connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
/** Contacts made for the test, in the order they were made. */
let ids: string[];
const COUNT = 2 * STREAM_PIECE_IDS + 10;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  ids = [];
  for (let i = 0; i < COUNT; i++) ids.push((await admin.client.call<Item>('create/Contact', { lastName: `Streamed ${i}` })).$id);
});
afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

let seq = 1000;
/** Sends `o`/`b` asking for streaming; answers the reply and every push of its stream up to the last. */
async function streamed(o: string, b: unknown): Promise<{ reply: Frame; pushes: Frame[] }> {
  const s = ++seq;
  const { client } = admin;
  const reply = new Promise<Frame>((resolve) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as Frame;
      if (frame.s !== s) return;
      client.socket.off('message', onMessage);
      resolve(frame);
    };
    client.socket.on('message', onMessage);
  });
  client.sendRaw(JSON.stringify({ o, b, s, stream: true }));
  const answered = await reply;
  const { streamKey } = answered.b as StreamKeyBody;
  const pushes: Frame[] = [];
  for (;;) {
    const push = await client.nextPush((f) => f.o === `stream:${streamKey}`);
    pushes.push(push);
    if (push.erred || (push.b as StreamPieceBody).done) break;
  }
  return { reply: answered, pushes };
}

describe('over the socket', () => {
  it('a long readMany arrives in pieces, in order, the last one done', async () => {
    const { reply, pushes } = await streamed('readMany/object', ids);
    expect(reply.o).toBe('readMany/object');
    expect(reply.erred).toBeUndefined();
    const { streamKey, polled } = reply.b as StreamKeyBody;
    expect(streamKey).toMatch(/^[\w-]{16}$/);
    expect(polled).toBeUndefined();
    const bodies = pushes.map((p) => p.b as StreamPieceBody<Record<string, Item>>);
    expect(bodies.map((p) => [p.n, p.done, Object.keys(p.piece).length])).toEqual([
      [1, false, STREAM_PIECE_IDS],
      [2, false, STREAM_PIECE_IDS],
      [3, true, 10],
    ]);
    // Each piece holds the next ids of the request, read and presented as readMany answers them.
    expect(bodies.flatMap((p) => Object.keys(p.piece))).toEqual(ids);
    expect(bodies[2]!.piece[ids[COUNT - 1]!]).toMatchObject({ lastName: `Streamed ${COUNT - 1}` });
  });

  it('an operation that is not split arrives as one piece, done', async () => {
    const { pushes } = await streamed(`read/${ids[0]}`, undefined);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.b).toEqual({ n: 1, done: true, piece: expect.objectContaining({ $id: ids[0], lastName: 'Streamed 0' }) });
  });

  it('a piece that fails ends the stream erred with its message key, after the pieces before it', async () => {
    const broken = [...ids.slice(0, STREAM_PIECE_IDS + 5), 'no such id!', ...ids.slice(STREAM_PIECE_IDS + 5)];
    const { pushes } = await streamed('readMany/object', broken);
    expect(pushes).toHaveLength(2);
    expect(Object.keys((pushes[0]!.b as StreamPieceBody<Record<string, Item>>).piece)).toEqual(ids.slice(0, STREAM_PIECE_IDS));
    expect(pushes[1]).toMatchObject({ erred: true, b: { userMessage: 'invalidId' } });
    // Nothing follows the error: the next request's answer comes next.
    expect(await admin.client.call<string>(`label/${ids[1]}`)).toBe('Streamed 1');
    expect(admin.client.pushes.filter((p) => p.o === pushes[1]!.o)).toHaveLength(2);
  });

  it('a refused operation ends the stream at once, erred', async () => {
    const { pushes } = await streamed('no/such/operation', undefined);
    expect(pushes).toEqual([
      { o: expect.stringMatching(/^stream:/), erred: true, b: expect.objectContaining({ userMessage: 'unknownOperation' }) },
    ]);
  });
});

describe('over HTTP', () => {
  const post = (frame: Frame, headers: Record<string, string> = {}) =>
    fetch(`${srv.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}`, ...headers },
      body: JSON.stringify(frame),
    });
  /** Polls a stream until done; answers every poll's frames. */
  async function poll(key: string): Promise<Frame[][]> {
    const polls: Frame[][] = [];
    for (let i = 0; i < 200; i++) {
      const res = await fetch(`${srv.url}/api/stream/${key}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.status).toBe(200);
      const frames = (await res.json()) as Frame[];
      if (frames.length) polls.push(frames);
      if (res.headers.get('x-vgn-stream-done') === 'true') return polls;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the stream never ended');
  }

  it('X-VGN-Expect-Stream gives a key whose polls carry the pieces in order until done', async () => {
    const res = await post({ o: 'readMany/object', s: 7, b: ids }, { 'x-vgn-expect-stream': '1' });
    const key = res.headers.get('x-vgn-stream-key')!;
    expect(await res.json()).toEqual({ o: 'readMany/object', s: 7, b: { streamKey: key, polled: true } });
    const frames = (await poll(key)).flat();
    expect(frames.map((f) => [f.o, f.s, Object.keys(f.b as object).length])).toEqual([
      ['readMany/object', 7, STREAM_PIECE_IDS],
      ['readMany/object', 7, STREAM_PIECE_IDS],
      ['readMany/object', 7, 10],
    ]);
    expect(frames.flatMap((f) => Object.keys(f.b as object))).toEqual(ids);
  });

  it("the message's stream flag asks the same as the header, and an error mid-way ends the stream", async () => {
    const broken = [...ids.slice(0, STREAM_PIECE_IDS), 'no such id!', ...ids.slice(STREAM_PIECE_IDS)];
    const res = await post({ o: 'readMany/object', s: 8, b: broken, stream: true });
    const { streamKey } = ((await res.json()) as Frame<StreamKeyBody>).b!;
    const frames = (await poll(streamKey)).flat();
    expect(frames).toHaveLength(2);
    expect(Object.keys(frames[0]!.b as object)).toEqual(ids.slice(0, STREAM_PIECE_IDS));
    expect(frames[1]).toMatchObject({ o: 'readMany/object', s: 8, erred: true, b: { userMessage: 'invalidId' } });
    // Taken to its end, the stream is gone.
    expect((await fetch(`${srv.url}/api/stream/${streamKey}`, { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(404);
  });
});
