/**
 * The snackbar queue (spec 000 §8, §9): one alert at a time, INFO/SUCCESS/WARNING time out after
 * 6000 ms, ERROR stays until the user presses OK, and a 200 ms gap separates two alerts so the
 * user sees that a new one arrived.
 */
import { assign, enqueueActions, setup } from 'xstate';
import { ALERT_RESHOW_MS, ALERT_TIMEOUT_MS } from '../../src/shared/constants';
import type { LogLevel } from './sessionEffects';
import type { Alert, AlertInput, AlertType, AlertsEvent } from './alertTypes';
import { toAlert } from './toAlert';

export type { Alert, AlertInput, AlertType, AlertsEvent } from './alertTypes';

export interface AlertsContext {
  current: Alert | null;
  queue: Alert[];
  nextId: number;
  log: (level: LogLevel, message: string, detail?: unknown) => void;
}

export interface AlertsInput {
  log?: (level: LogLevel, message: string, detail?: unknown) => void;
}

/** Emitted for every error alert, for the session tracker (spec 000 §8). */
export type AlertsEmitted = { type: 'alerts.errorShown'; alert: Alert };

const sameAlert = (a: AlertInput, b: AlertInput): boolean =>
  a.type === b.type && a.message === b.message && JSON.stringify(a.values) === JSON.stringify(b.values);

function makeAlert(input: AlertInput, id: number): Alert {
  return { ...input, id, translate: input.translate ?? true };
}

// The same message twice in a row (e.g. many requests timing out together) is shown once.
function withAlert(context: AlertsContext, alert: AlertInput): Partial<AlertsContext> {
  const pending = context.current ? [context.current, ...context.queue] : context.queue;
  if (pending.some((queued) => sameAlert(queued, alert))) return {};
  return { queue: [...context.queue, makeAlert(alert, context.nextId)], nextId: context.nextId + 1 };
}

/** Where the snackbar shows an alert of this type (spec 000 §8). */
export const alertPlacement = (type: AlertType): 'top-center' | 'bottom-center' =>
  type === 'ERROR' || type === 'WARNING' ? 'top-center' : 'bottom-center';

/** Snackbar queue with timed INFO/SUCCESS/WARNING alerts and sticky ERROR alerts. */
export const alertsMachine = setup({
  types: {
    context: {} as AlertsContext,
    events: {} as AlertsEvent,
    input: {} as AlertsInput,
    emitted: {} as AlertsEmitted,
  },
  delays: {
    alertTimeout: ({ context }) => context.current?.timeoutMs ?? ALERT_TIMEOUT_MS,
    reshowDelay: ALERT_RESHOW_MS,
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    isTimed: ({ context }) => context.current?.type !== 'ERROR',
  },
  actions: {
    enqueueAlert: assign(({ context }, params: { alert: AlertInput }) => withAlert(context, params.alert)),
    handleError: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const decision = toAlert(params.error);
      if (decision.action === 'ignore') {
        if (decision.log) context.log('info', `alert ignored: ${decision.message}`, params.error);
        return;
      }
      // A machine cannot rethrow without dying; the caller-side helper `raiseError` rethrows instead.
      if (decision.action === 'showAndThrow') context.log('error', 'error not caught', params.error);
      enqueue.assign(withAlert(context, decision.alert));
    }),
    showNext: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    hideCurrent: assign({ current: null }),
    reportErrorAlert: enqueueActions(({ context, enqueue }) => {
      if (context.current?.type === 'ERROR') enqueue.emit({ type: 'alerts.errorShown', alert: context.current });
    }),
  },
}).createMachine({
  id: 'alerts',
  context: ({ input }) => ({ current: null, queue: [], nextId: 1, log: input.log ?? (() => undefined) }),
  initial: 'IDLE',
  on: {
    'alerts.raised': { actions: { type: 'enqueueAlert', params: ({ event }) => ({ alert: event.alert }) } },
    'alerts.errorRaised': { actions: { type: 'handleError', params: ({ event }) => ({ error: event.error }) } },
  },
  states: {
    IDLE: {
      always: { guard: 'hasQueued', target: 'SHOWING' },
    },
    SHOWING: {
      entry: ['showNext', 'reportErrorAlert'],
      exit: 'hideCurrent',
      after: { alertTimeout: { guard: 'isTimed', target: 'GAP' } },
      on: { 'alerts.dismissed': 'GAP' },
    },
    GAP: {
      after: { reshowDelay: [{ guard: 'hasQueued', target: 'SHOWING' }, { target: 'IDLE' }] },
    },
  },
});
