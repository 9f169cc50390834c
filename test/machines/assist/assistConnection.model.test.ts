import type { AnyMachineSnapshot } from 'xstate';
import { assistConnectionMachine } from '../../../machines/assist/assistConnection';
import type { SocketLike } from '../../../machines/session/sessionEffects';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

const quietSocket = (): SocketLike => ({
  onopen: null,
  onmessage: null,
  onclose: null,
  onerror: null,
  send: () => undefined,
  close: () => undefined,
});

// The attempt count is exact (two attempts allowed, so giving up is reached); the outbox is only "something queued or not".
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as { attempt: number; outbox: unknown[]; query: unknown };
  return `${JSON.stringify(snapshot.value)}|${context.attempt}|${context.outbox.length > 0 ? 'queued' : 'empty'}|${context.query ? 'asked' : 'none'}`;
};

describe('assistConnection model', () => {
  it('replays a path through every state and every transition, the reconnect waits by the simulated clock', () => {
    const report = exploreModel({
      name: 'assist connection',
      machine: assistConnectionMachine,
      variants: [{ name: 'two attempts', input: () => ({ createSocket: quietSocket, clientVersion: 't', maxAttempts: 2 }) }],
      events: [
        { type: 'assistConnection.open', query: { peerId: 'p', identity: 'user', tabId: 't', sessionInfo: '{}' }, token: 'tok' },
        { type: 'assistConnection.end' },
        { type: 'assistConnection.send', message: { o: 'assist/end' } },
        { type: 'socket.opened' },
        { type: 'socket.received', frame: { o: 'authed' } },
        { type: 'socket.received', frame: { o: 'assist/request', b: { kind: 'control', agentId: 'a1' } } },
        { type: 'socket.closed', code: 1006, reason: '' },
        { type: 'socket.closed', code: 4001, reason: 'identFailed' },
        delayed('retryDelay', 'assistConnection.Waiting'),
      ],
      serializeState,
    });
    expectFullCoverage(report, 7);
  });
});
