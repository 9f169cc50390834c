import { createActor } from 'xstate';
import { clockMachine, selectNow, TICK_MS } from '../../../machines/session/clockMachine';

describe('clockMachine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('holds the time it started at and reads the clock again every tick', () => {
    let time = 1_000_000;
    const actor = createActor(clockMachine, { input: { now: () => time } }).start();
    expect(selectNow(actor.getSnapshot())).toBe(1_000_000);

    time += 4_000;
    jest.advanceTimersByTime(TICK_MS - 1);
    expect(selectNow(actor.getSnapshot())).toBe(1_000_000);
    jest.advanceTimersByTime(1);
    expect(selectNow(actor.getSnapshot())).toBe(1_004_000);

    time = 2_000_000;
    jest.advanceTimersByTime(TICK_MS);
    expect(selectNow(actor.getSnapshot())).toBe(2_000_000);
    actor.stop();
  });

  it('tells its subscribers of each tick and nothing between them', () => {
    let time = 0;
    const actor = createActor(clockMachine, { input: { now: () => time } }).start();
    const seen: number[] = [];
    actor.subscribe((snapshot) => seen.push(selectNow(snapshot)));
    for (let i = 1; i <= 3; i += 1) {
      time = i * 1_000;
      jest.advanceTimersByTime(TICK_MS);
    }
    jest.advanceTimersByTime(TICK_MS / 2);
    expect(seen).toEqual([1_000, 2_000, 3_000]);
    actor.stop();
  });
});
