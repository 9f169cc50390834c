/**
 * Reconnect countdown (spec 000 §4, §9): every network failure waits 3 + min(2^failures, 600) s
 * plus 0-10 s of jitter, so that a server coming back is not hit by every tab at the same second.
 * A socket the server closed because it is restarting its database connection (1012) is no network
 * failure: it waits 1 s plus 0-2 s of jitter and counts no failure.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { RESTART_JITTER_S, RETRY_BASE_S, RETRY_JITTER_S, RETRY_MAX_BACKOFF_S, WS_OPEN_TIMEOUT_MS } from '../../src/shared/constants';
import { getConnection } from '../systemIds';

export interface RetryContext {
  /** Network failures since the last successful open. */
  failures: number;
  /** Seconds left before the next attempt (the help menu's 'in {n} seconds'). */
  remaining: number;
  random: () => number;
}

export interface RetryInput {
  /** A number in [0, 1) for the jitter; Math.random in the browser. */
  random: () => number;
}

export type RetryEvent =
  /**
   * The socket closed for a reason other than authentication, or a reconnect attempt failed to open;
   * `restarting`: the server closed it because it is restarting (close 1012), and will be back at once.
   */
  | { type: 'retry.networkFailed'; restarting?: boolean }
  /** The user chose 'retry now' in the help menu. */
  | { type: 'retry.retryNow' }
  /** A socket opened. */
  | { type: 'retry.succeeded' }
  /** There is nothing to reconnect any more (signed out). */
  | { type: 'retry.cancelled' };

/** The countdown, in whole seconds, after the given number of failures. */
export function retryDelaySeconds(failures: number, random: () => number): number {
  return RETRY_BASE_S + Math.min(2 ** failures, RETRY_MAX_BACKOFF_S) + Math.round(random() * RETRY_JITTER_S);
}

/** Counts down to the next reconnect attempt and asks the connection to make it. */
export const retryMachine = setup({
  types: {
    context: {} as RetryContext,
    events: {} as RetryEvent,
    input: {} as RetryInput,
  },
  delays: {
    tick: 1_000,
    openTimeout: WS_OPEN_TIMEOUT_MS,
  },
  guards: {
    isCountdownOver: ({ context }) => context.remaining <= 1,
    isRestart: ({ event }) => event.type === 'retry.networkFailed' && event.restarting === true,
  },
  actions: {
    countFailure: assign(({ context }) => ({
      failures: context.failures + 1,
      remaining: retryDelaySeconds(context.failures + 1, context.random),
    })),
    awaitRestart: assign(({ context }) => ({ remaining: 1 + Math.round(context.random() * RESTART_JITTER_S) })),
    tick: assign(({ context }) => ({ remaining: context.remaining - 1 })),
    resetFailures: assign({ failures: 0, remaining: 0 }),
    clearCountdown: assign({ remaining: 0 }),
    requestReconnect: enqueueActions(({ enqueue, system }) => {
      const connection = getConnection(system);
      if (connection) enqueue.sendTo(connection, { type: 'connection.reconnect' });
    }),
    abandonAttempt: enqueueActions(({ enqueue, system }) => {
      const connection = getConnection(system);
      if (connection) enqueue.sendTo(connection, { type: 'connection.abandon' });
    }),
  },
}).createMachine({
  id: 'retry',
  context: ({ input }) => ({ failures: 0, remaining: 0, random: input.random }),
  initial: 'IDLE',
  on: {
    'retry.succeeded': { target: '.IDLE', actions: 'resetFailures' },
    'retry.cancelled': { target: '.IDLE', actions: 'resetFailures' },
  },
  states: {
    IDLE: {
      on: {
        'retry.networkFailed': [
          { guard: 'isRestart', target: 'COUNTDOWN', actions: 'awaitRestart' },
          { target: 'COUNTDOWN', actions: 'countFailure' },
        ],
      },
    },
    COUNTDOWN: {
      after: {
        tick: [
          { guard: 'isCountdownOver', target: 'ATTEMPTING' },
          { target: 'COUNTDOWN', reenter: true, actions: 'tick' },
        ],
      },
      on: { 'retry.retryNow': 'ATTEMPTING' },
    },
    ATTEMPTING: {
      entry: ['clearCountdown', 'requestReconnect'],
      after: { openTimeout: { target: 'COUNTDOWN', actions: ['abandonAttempt', 'countFailure'] } },
      on: { 'retry.networkFailed': { target: 'COUNTDOWN', actions: 'countFailure' } },
    },
  },
});

/** Seconds until the next attempt for the help menu's 'in {n} seconds', or null when not counting down. */
export const selectRetryCountdown = (snapshot: SnapshotFrom<typeof retryMachine>): number | null =>
  snapshot.matches('COUNTDOWN') ? snapshot.context.remaining : null;
