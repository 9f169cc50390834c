import { SystemId } from '../../../machines/systemIds';
import { retryDelaySeconds, retryMachine, selectRetryCountdown } from '../../../machines/session/retryMachine';
import { advance, startWithPeers } from './support/harness';

function start(random = 0) {
  return startWithPeers(retryMachine, { systemId: SystemId.retry, input: { random: () => random }, peers: [SystemId.connection] });
}

describe('retryDelaySeconds', () => {
  it('is 3 + min(2^failures, 600) plus up to 10 s of jitter', () => {
    expect(retryDelaySeconds(1, () => 0)).toBe(5);
    expect(retryDelaySeconds(3, () => 0)).toBe(11);
    expect(retryDelaySeconds(9, () => 0)).toBe(3 + 512);
    expect(retryDelaySeconds(10, () => 0)).toBe(3 + 600);
    expect(retryDelaySeconds(30, () => 0)).toBe(603);
    expect(retryDelaySeconds(1, () => 0.999)).toBe(15);
    expect(retryDelaySeconds(1, () => 0.5)).toBe(10);
  });
});

describe('retryMachine', () => {
  it('counts down from the delay after a failure, one second per tick', () => {
    const h = start();
    h.subject.send({ type: 'retry.networkFailed' });
    expect(h.subject.getSnapshot().value).toBe('COUNTDOWN');
    expect(h.subject.getSnapshot().context).toMatchObject({ failures: 1, remaining: 5 });
    expect(selectRetryCountdown(h.subject.getSnapshot())).toBe(5);
    advance(h.clock, 1_000);
    expect(h.subject.getSnapshot().context.remaining).toBe(4);
    expect(selectRetryCountdown(h.subject.getSnapshot())).toBe(4);
    advance(h.clock, 3_000);
    expect(h.subject.getSnapshot().context.remaining).toBe(1);
    expect(h.sentTo(SystemId.connection)).toEqual([]);
  });

  it('after a restart (close 1012) waits 1 s plus up to 2 s of jitter, and counts no failure', () => {
    const h = start(0.999);
    h.subject.send({ type: 'retry.networkFailed', restarting: true });
    expect(h.subject.getSnapshot().context).toMatchObject({ failures: 0, remaining: 3 });
    advance(h.clock, 2_999);
    expect(h.sentTo(SystemId.connection)).toEqual([]);
    advance(h.clock, 1);
    expect(h.sentTo(SystemId.connection)).toEqual([{ type: 'connection.reconnect' }]);
    // The restarted server is not back yet: an ordinary failure, counted from the first.
    h.subject.send({ type: 'retry.networkFailed' });
    expect(h.subject.getSnapshot().context).toMatchObject({ failures: 1, remaining: 15 });
  });

  it('asks the connection to reconnect when the countdown reaches zero', () => {
    const h = start();
    h.subject.send({ type: 'retry.networkFailed' });
    advance(h.clock, 4_999);
    expect(h.sentTo(SystemId.connection)).toEqual([]);
    advance(h.clock, 1);
    expect(h.subject.getSnapshot().value).toBe('ATTEMPTING');
    expect(h.sentTo(SystemId.connection)).toEqual([{ type: 'connection.reconnect' }]);
  });

  it('abandons an attempt that does not open within 1 s and waits longer the next time', () => {
    const h = start();
    h.subject.send({ type: 'retry.networkFailed' });
    advance(h.clock, 5_000);
    advance(h.clock, 999);
    expect(h.subject.getSnapshot().value).toBe('ATTEMPTING');
    advance(h.clock, 1);
    expect(h.sentTo(SystemId.connection, 'connection.abandon')).toHaveLength(1);
    expect(h.subject.getSnapshot().value).toBe('COUNTDOWN');
    expect(h.subject.getSnapshot().context).toMatchObject({ failures: 2, remaining: 7 });
  });

  it('adds a failure when the attempt closes before opening', () => {
    const h = start();
    h.subject.send({ type: 'retry.networkFailed' });
    h.subject.send({ type: 'retry.retryNow' });
    h.subject.send({ type: 'retry.networkFailed' });
    expect(h.subject.getSnapshot().value).toBe('COUNTDOWN');
    expect(h.subject.getSnapshot().context).toMatchObject({ failures: 2, remaining: 7 });
    // the open time-out of the closed attempt no longer runs
    advance(h.clock, 1_000);
    expect(h.sentTo(SystemId.connection, 'connection.abandon')).toHaveLength(0);
  });

  it('retries at once on "retry now"', () => {
    const h = start();
    h.subject.send({ type: 'retry.networkFailed' });
    advance(h.clock, 1_000);
    h.subject.send({ type: 'retry.retryNow' });
    expect(h.subject.getSnapshot().value).toBe('ATTEMPTING');
    expect(selectRetryCountdown(h.subject.getSnapshot())).toBeNull();
    expect(h.sentTo(SystemId.connection)).toEqual([{ type: 'connection.reconnect' }]);
  });

  it('ignores "retry now" when nothing failed', () => {
    const h = start();
    h.subject.send({ type: 'retry.retryNow' });
    expect(h.subject.getSnapshot().value).toBe('IDLE');
    expect(h.sentTo(SystemId.connection)).toEqual([]);
  });

  it('resets the failure count when a socket opens', () => {
    const h = start();
    h.subject.send({ type: 'retry.networkFailed' });
    advance(h.clock, 5_000);
    advance(h.clock, 1_000);
    h.subject.send({ type: 'retry.succeeded' });
    expect(h.subject.getSnapshot().value).toBe('IDLE');
    expect(h.subject.getSnapshot().context).toMatchObject({ failures: 0, remaining: 0 });
    h.subject.send({ type: 'retry.networkFailed' });
    expect(h.subject.getSnapshot().context.remaining).toBe(5);
  });

  it('stops counting down when cancelled (signed out)', () => {
    const h = start();
    h.subject.send({ type: 'retry.networkFailed' });
    h.subject.send({ type: 'retry.cancelled' });
    advance(h.clock, 60_000);
    expect(h.subject.getSnapshot().value).toBe('IDLE');
    expect(h.sentTo(SystemId.connection)).toEqual([]);
  });

  it('adds the injected jitter', () => {
    const h = start(0.7);
    h.subject.send({ type: 'retry.networkFailed' });
    expect(h.subject.getSnapshot().context.remaining).toBe(5 + 7);
  });
});
