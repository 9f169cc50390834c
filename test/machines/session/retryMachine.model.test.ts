import type { AnyMachineSnapshot } from 'xstate';
import { retryMachine } from '../../../machines/session/retryMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

// Seconds above the first countdown (5 s) are one bucket and the failure count is only "some or none",
// so the graph stays finite while every tick down to the last second is a distinct state.
const serializeState = (snapshot: AnyMachineSnapshot): string =>
  `${JSON.stringify(snapshot.value)}|${Math.min(snapshot.context.remaining, 6)}|${snapshot.context.failures > 0 ? 'failed' : 'clean'}`;

describe('retryMachine model', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'retry',
      machine: retryMachine,
      variants: [{ name: 'no jitter', input: () => ({ random: () => 0 }) }],
      events: [
        { type: 'retry.networkFailed' },
        { type: 'retry.networkFailed', restarting: true },
        { type: 'retry.retryNow' },
        { type: 'retry.succeeded' },
        { type: 'retry.cancelled' },
        delayed('tick', 'retry.COUNTDOWN'),
        delayed('openTimeout', 'retry.ATTEMPTING'),
      ],
      serializeState,
    });
    expectFullCoverage(report, 3);
  });
});
