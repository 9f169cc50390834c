import type { AnyMachineSnapshot } from 'xstate';
import { connectionMachine, type ConnectionContext } from '../../../machines/session/connectionMachine';
import { selectHealth } from '../../../machines/session/connectionHealth';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';
import { buildUser, fakeEffects } from './support/fakes';

// Only request 1 is ever answered or timed out by the model's events, so only its route matters;
// the sequence counter and the other requests are left out, or the graph would never end.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as ConnectionContext;
  return [
    JSON.stringify(snapshot.value),
    context.token ? 'token' : 'no-token',
    context.authed ? 'authed' : 'unauthed',
    context.lost ? 'lost' : 'fine',
    `request1:${context.pending[1]?.via ?? 'none'}`,
  ].join('|');
};

const MAX_MSG_SIZE = 64;

describe('connectionMachine model (socket, requests and health)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'connection',
      machine: connectionMachine,
      variants: [{ name: 'default', input: () => ({ clientVersion: '1.0.0', effects: fakeEffects(), maxMsgSize: MAX_MSG_SIZE }) }],
      events: [
        { type: 'connection.open', token: 'tok-1' },
        { type: 'connection.reconnect' },
        { type: 'connection.abandon' },
        { type: 'connection.close', code: 1000, reason: 'otherTabSignout' },
        { type: 'connection.reset' },
        { type: 'connection.send', frame: { o: 'read/Contact-1' } },
        { type: 'connection.send', frame: { o: 'update', b: 'x'.repeat(MAX_MSG_SIZE) } },
        { type: 'connection.replyTimedOut', s: 1 },
        { type: 'socket.opened' },
        { type: 'socket.received', frame: null },
        { type: 'socket.received', frame: { o: 'read/Contact-1', s: 1, b: { $id: 'Contact-1' } } },
        { type: 'socket.received', frame: { o: 'authed', b: buildUser() } },
        { type: 'socket.received', frame: { o: 'item/update', b: { $id: 'Contact-1' } } },
        { type: 'socket.closed', code: 1006, reason: '' },
        { type: 'socket.closed', code: 4001, reason: 'identFailed' },
        { type: 'post.answered', s: 1, frame: { o: 'read/Contact-1', s: 1, b: {} } },
        { type: 'post.failed', s: 1, message: 'Network Error' },
        // The pieces of a reply streamed over HTTP, fetched for the streamed call whatever the socket does.
        { type: 'connection.pollStream', key: 'k1', ticket: 'stream-1' },
        { type: 'stream.polled', ticket: 'stream-1', frames: [{ o: 'read/Contact-1', b: {} }], done: true },
        { type: 'stream.pollFailed', ticket: 'stream-1', message: 'Network Error' },
        delayed('pingDelay', 'connection.LIVE.OPEN.GOOD'),
        delayed('closeDelay', 'connection.LIVE.OPEN.WAIT'),
      ],
      serializeState,
    });
    expectFullCoverage(report, 7);
  });

  it('shows every health value along the way', () => {
    const seen = new Set<string>();
    const report = exploreModel({
      name: 'connection health',
      machine: connectionMachine,
      variants: [{ name: 'default', input: () => ({ clientVersion: '1.0.0', effects: fakeEffects() }) }],
      events: [
        { type: 'connection.open', token: 'tok-1' },
        { type: 'connection.reconnect' },
        { type: 'socket.opened' },
        { type: 'socket.closed', code: 1006, reason: '' },
        { type: 'socket.received', frame: { o: 'item/update', b: {} } },
        delayed('pingDelay', 'connection.LIVE.OPEN.GOOD'),
        delayed('closeDelay', 'connection.LIVE.OPEN.WAIT'),
      ],
      serializeState: (snapshot) => {
        const health = selectHealth(snapshot as Parameters<typeof selectHealth>[0]);
        seen.add(health);
        return `${serializeState(snapshot)}|${health}`;
      },
    });
    expect(report.mismatches).toEqual([]);
    expect([...seen].sort()).toEqual(['BAD', 'GOOD', 'WAIT']);
  });
});
