/**
 * System alerts (spec 000 §3, §4): modal ones are shown one at a time; dismissing one stores its id so
 * it never shows again on this browser, closing hides it for this session only.
 */
import { assign, not, setup } from 'xstate';
import type { KeyValueStorage } from './sessionEffects';

/** A system alert as the server sends it. */
export interface SystemAlert {
  id: string;
  title: string;
  message: string;
  modal: boolean;
}

/** Local storage key of the dismissed alert ids (a JSON array). */
export const DISMISSED_SYS_ALERTS_KEY = 'kk-dismissed-sys-alerts';

export interface SysAlertsContext {
  alerts: SystemAlert[];
  dismissed: string[];
  closed: string[];
  storage: KeyValueStorage | null;
}

export interface SysAlertsInput {
  storage: KeyValueStorage | null;
}

export type SysAlertsEvent =
  | { type: 'sysAlerts.received'; alerts: SystemAlert[] }
  /** Never show this alert again. */
  | { type: 'sysAlerts.dismissed'; id: string }
  /** Hide this alert until the page reloads. */
  | { type: 'sysAlerts.closed'; id: string };

function readDismissed(storage: KeyValueStorage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(DISMISSED_SYS_ALERTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The alerts neither dismissed nor closed, in the order the server sent them. */
export const activeSysAlerts = (context: SysAlertsContext): SystemAlert[] =>
  context.alerts.filter((alert) => !context.dismissed.includes(alert.id) && !context.closed.includes(alert.id));

/** The modal alert to show now, if any. */
export const currentModalAlert = (context: SysAlertsContext): SystemAlert | null =>
  activeSysAlerts(context).find((alert) => alert.modal) ?? null;

/** Which system alerts show, and the one modal alert in front. */
export const sysAlertsMachine = setup({
  types: {
    context: {} as SysAlertsContext,
    events: {} as SysAlertsEvent,
    input: {} as SysAlertsInput,
  },
  guards: {
    hasModal: ({ context }) => currentModalAlert(context) !== null,
  },
  actions: {
    storeAlerts: assign(({ event }) => (event.type === 'sysAlerts.received' ? { alerts: event.alerts } : {})),
    dismiss: assign(({ context, event }) =>
      event.type === 'sysAlerts.dismissed' && !context.dismissed.includes(event.id) ? { dismissed: [...context.dismissed, event.id] } : {},
    ),
    persistDismissed: ({ context }) => {
      try {
        context.storage?.setItem(DISMISSED_SYS_ALERTS_KEY, JSON.stringify(context.dismissed));
      } catch {
        // Without storage the alert comes back on the next visit; nothing else to do.
      }
    },
    close: assign(({ context, event }) =>
      event.type === 'sysAlerts.closed' && !context.closed.includes(event.id) ? { closed: [...context.closed, event.id] } : {},
    ),
  },
}).createMachine({
  id: 'sysAlerts',
  context: ({ input }) => ({ alerts: [], dismissed: readDismissed(input.storage), closed: [], storage: input.storage }),
  initial: 'IDLE',
  on: {
    'sysAlerts.received': { actions: 'storeAlerts' },
    'sysAlerts.dismissed': { actions: ['dismiss', 'persistDismissed'] },
    'sysAlerts.closed': { actions: 'close' },
  },
  states: {
    IDLE: { always: { guard: 'hasModal', target: 'MODAL' } },
    MODAL: { always: { guard: not('hasModal'), target: 'IDLE' } },
  },
});
