/**
 * A streamed request through the real connection (machines/session/streamedCall.ts): the socket's
 * `stream:{key}` pushes, the POST fall-back polled through the connection, failures, and the actor
 * that tells its parent of each piece.
 */
import { createActor, createMachine, spawnChild, type AnyActorRef, type AnyEventObject } from 'xstate';
import { connectionMachine } from '../../../machines/session/connectionMachine';
import { joinPieces, streamCall, streamedOperationLogic, type PiecesEvent } from '../../../machines/session/streamedCall';
import { SystemId, type ConnectionActorRef } from '../../../machines/systemIds';
import type { OperationCall } from '../../../src/shared/protocol/operationCall';
import { startWithPeers } from './support/harness';
import { buildUser, fakeEffects, flushPromises } from './support/fakes';

const PEERS = [SystemId.auth, SystemId.retry, SystemId.tasks, SystemId.sysAlerts];
const readMany: OperationCall = { o: 'readMany/object', b: ['Contact-1', 'Contact-2', 'Contact-3'] };

function start(authed: boolean) {
  const effects = fakeEffects();
  const h = startWithPeers(connectionMachine, {
    systemId: SystemId.connection,
    input: { clientVersion: '1.0.0', effects, replyTimeoutMs: 60_000 },
    peers: PEERS,
  });
  if (authed) {
    h.subject.send({ type: 'connection.open', token: 'tok-1' });
    effects.socket().open();
    effects.socket().push({ o: 'authed', b: buildUser() });
  }
  return { ...h, effects, connection: h.subject as unknown as ConnectionActorRef };
}

const item = (n: number) => ({ [`Contact-${n}`]: { $id: `Contact-${n}` } });

describe('streamCall over the socket', () => {
  it('sends the stream flag and takes the pushes of its key in order until the one marked done', async () => {
    const t = start(true);
    const seen: unknown[][] = [];
    const all = streamCall(t.connection, readMany, (pieces) => seen.push(pieces));
    const sent = t.effects.socket().sent.at(-1)!;
    expect(sent).toEqual({ o: 'readMany/object', b: readMany.b, s: 1, stream: true });
    t.effects.socket().push({ o: 'readMany/object', s: 1, b: { streamKey: 'k1' } });
    await flushPromises();
    t.effects.socket().push({ o: 'stream:k1', b: { n: 1, piece: item(1), done: false } });
    // Another stream's pushes are not this one's.
    t.effects.socket().push({ o: 'stream:other', b: { n: 1, piece: item(9), done: true } });
    expect(seen).toEqual([[item(1)]]);
    t.effects.socket().push({ o: 'stream:k1', b: { n: 2, piece: item(2), done: true } });
    await expect(all).resolves.toEqual([item(1), item(2)]);
    expect(seen).toEqual([[item(1)], [item(2)]]);
  });

  it('keeps a piece pushed before the key is known', async () => {
    const t = start(true);
    const all = streamCall(t.connection, readMany, () => undefined);
    t.effects.socket().push({ o: 'stream:k2', b: { n: 1, piece: item(1), done: true } });
    t.effects.socket().push({ o: 'readMany/object', s: 1, b: { streamKey: 'k2' } });
    await expect(all).resolves.toEqual([item(1)]);
  });

  it("an erred push fails it with the server's message key, after the pieces before it", async () => {
    const t = start(true);
    const seen: unknown[][] = [];
    const all = streamCall(t.connection, readMany, (pieces) => seen.push(pieces));
    t.effects.socket().push({ o: 'readMany/object', s: 1, b: { streamKey: 'k3' } });
    await flushPromises();
    t.effects.socket().push({ o: 'stream:k3', b: { n: 1, piece: item(1), done: false } });
    t.effects.socket().push({ o: 'stream:k3', erred: true, b: { userMessage: 'invalidId', sysMessage: 'bad id' } });
    await expect(all).rejects.toEqual({ kind: 'server', userMessage: 'invalidId', sysMessage: 'bad id' });
    expect(seen).toEqual([[item(1)]]);
  });

  it('fails as a network error when the socket closes mid-stream', async () => {
    const t = start(true);
    const all = streamCall(t.connection, readMany, () => undefined);
    t.effects.socket().push({ o: 'readMany/object', s: 1, b: { streamKey: 'k4' } });
    await flushPromises();
    t.effects.socket().serverClose(1006);
    await expect(all).rejects.toEqual({ kind: 'client', key: 'errors.networkError' });
  });

  it('fails as timed out when no piece comes for the silence allowed', async () => {
    const t = start(true);
    const all = streamCall(t.connection, readMany, () => undefined, { silenceMs: 20 });
    t.effects.socket().push({ o: 'readMany/object', s: 1, b: { streamKey: 'k5' } });
    await expect(all).rejects.toEqual({ kind: 'client', key: 'errors.wsMsgTimeout' });
  });

  it('takes a reply that is not a stream as its one piece', async () => {
    const t = start(true);
    const all = streamCall(t.connection, readMany, () => undefined);
    t.effects.socket().push({ o: 'readMany/object', s: 1, b: item(1) });
    await expect(all).resolves.toEqual([item(1)]);
  });

  it('without a connection fails as a network error', async () => {
    await expect(streamCall(undefined, readMany, () => undefined)).rejects.toEqual({ kind: 'client', key: 'errors.networkError' });
  });
});

describe('streamCall over HTTP', () => {
  it('posts the request when the socket is not open and polls its stream through the connection until done', async () => {
    const t = start(false);
    const seen: unknown[][] = [];
    const all = streamCall(t.connection, readMany, (pieces) => seen.push(pieces), { pollMs: 1 });
    expect(t.effects.posts[0]!.frame).toEqual({ o: 'readMany/object', b: readMany.b, s: 1, stream: true });
    t.effects.posts[0]!.answer.resolve({ o: 'readMany/object', s: 1, b: { streamKey: 'h1', polled: true } });
    await flushPromises();
    expect(t.effects.polls.map((p) => p.key)).toEqual(['h1']);
    t.effects.polls[0]!.answer.resolve({ frames: [{ o: 'readMany/object', s: 1, b: item(1) }], done: false });
    await flushPromises();
    expect(seen).toEqual([[item(1)]]);
    await new Promise((r) => setTimeout(r, 10));
    expect(t.effects.polls).toHaveLength(2);
    t.effects.polls[1]!.answer.resolve({
      frames: [
        { o: 'readMany/object', s: 1, b: item(2) },
        { o: 'readMany/object', s: 1, b: item(3) },
      ],
      done: true,
    });
    await expect(all).resolves.toEqual([item(1), item(2), item(3)]);
    expect(seen).toEqual([[item(1)], [item(2), item(3)]]);
  });

  it('an erred frame in a poll fails it; a poll that cannot be made fails it as a silent network error', async () => {
    const t = start(false);
    const erred = streamCall(t.connection, readMany, () => undefined, { pollMs: 1 });
    t.effects.posts[0]!.answer.resolve({ o: 'readMany/object', s: 1, b: { streamKey: 'h2', polled: true } });
    await flushPromises();
    t.effects.polls[0]!.answer.resolve({
      frames: [{ o: 'readMany/object', s: 1, erred: true, b: { userMessage: 'invalidId' } }],
      done: true,
    });
    await expect(erred).rejects.toEqual({ kind: 'server', userMessage: 'invalidId' });

    const lost = streamCall(t.connection, readMany, () => undefined, { pollMs: 1 });
    t.effects.posts[1]!.answer.resolve({ o: 'readMany/object', s: 2, b: { streamKey: 'h3', polled: true } });
    await flushPromises();
    t.effects.polls[1]!.answer.reject(new Error('Network Error'));
    await expect(lost).rejects.toEqual({ kind: 'client', key: 'errors.networkError', detail: 'Network Error', silent: true });
  });
});

describe('streamedOperationLogic', () => {
  it('sends its parent each piece as it comes, and its output is the pieces joined', async () => {
    const effects = fakeEffects();
    const parentEvents: AnyEventObject[] = [];
    const root = createMachine({
      entry: spawnChild(connectionMachine, { id: 'connection', systemId: SystemId.connection, input: { clientVersion: '1', effects } }),
      on: {
        go: {
          actions: spawnChild(streamedOperationLogic, {
            id: 'rows.0',
            input: ({ self }: { self: AnyActorRef }) => ({ call: readMany, replyTo: self }),
          }),
        },
        'operation.pieces': { actions: ({ event }) => parentEvents.push(event) },
      },
    });
    const actor = createActor(root).start();
    const connection = actor.getSnapshot().children['connection'] as unknown as ConnectionActorRef;
    connection.send({ type: 'connection.open', token: 'tok-1' });
    effects.socket().open();
    effects.socket().push({ o: 'authed', b: buildUser() });
    actor.send({ type: 'go' });
    const call = actor.getSnapshot().children['rows.0']!;
    await flushPromises();
    expect(effects.socket().sent.at(-1)).toMatchObject({ o: 'readMany/object', stream: true });
    effects.socket().push({ o: 'readMany/object', s: 1, b: { streamKey: 'a1' } });
    await flushPromises();
    effects.socket().push({ o: 'stream:a1', b: { n: 1, piece: item(1), done: false } });
    effects.socket().push({ o: 'stream:a1', b: { n: 2, piece: item(2), done: true } });
    await flushPromises();
    expect(parentEvents).toEqual([
      { type: 'operation.pieces', actorId: 'rows.0', pieces: [item(1)] } satisfies PiecesEvent,
      { type: 'operation.pieces', actorId: 'rows.0', pieces: [item(2)] },
    ]);
    expect(call.getSnapshot()).toMatchObject({ status: 'done', output: { ...item(1), ...item(2) } });
    actor.stop();
  });
});

describe('joinPieces', () => {
  it('merges maps, concatenates lists, and keeps a single piece as it is', () => {
    expect(joinPieces([item(1), item(2)])).toEqual({ ...item(1), ...item(2) });
    expect(joinPieces([[1, 2], [3]])).toEqual([1, 2, 3]);
    expect(joinPieces(['whole'])).toBe('whole');
    expect(joinPieces([1, 'two'])).toEqual([1, 'two']);
  });
});
