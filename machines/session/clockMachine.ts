/**
 * The session's clock (spec 000 §9 relative time): the current time, read again every 10 s, so a
 * relative time ("25 seconds ago", "3 minutes ago") stays true while its screen stays open. Every
 * display of a relative time follows this one actor instead of a timer of its own.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

export interface ClockInput {
  /** The time in ms since the epoch (the session's `now` effect). */
  now: () => number;
}

export interface ClockContext {
  /** The time of the last tick. */
  now: number;
  read: () => number;
}

/** How often the clock is read: the finest unit shown is the second, in steps of 10 s ('now' before that). */
export const TICK_MS = 10_000;

export const clockMachine = setup({
  types: {
    context: {} as ClockContext,
    input: {} as ClockInput,
  },
  delays: { tick: TICK_MS },
  actions: {
    readClock: assign(({ context }) => ({ now: context.read() })),
  },
}).createMachine({
  id: 'clock',
  context: ({ input }) => ({ now: input.now(), read: input.now }),
  initial: 'running',
  states: {
    running: {
      after: { tick: { target: 'running', reenter: true, actions: 'readClock' } },
    },
  },
});

/** The time of the clock's last tick. */
export const selectNow = (snapshot: SnapshotFrom<typeof clockMachine>): number => snapshot.context.now;
