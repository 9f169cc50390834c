/**
 * The alerts of the snackbar queue (spec 000 §8) and its events. They live apart from alertsMachine.ts
 * so that toAlert.ts, which the machine imports, can name them without importing the machine back.
 */

/** How an alert looks and whether it times out. */
export type AlertType = 'INFO' | 'SUCCESS' | 'WARNING' | 'ERROR';

/** An alert as callers raise it. `message` is a translation key unless `translate` is false. */
export interface AlertInput {
  type: AlertType;
  message: string;
  translate?: boolean;
  /** Values for the ICU message. */
  values?: Record<string, string | number>;
  /** System message shown in the details dialog. */
  details?: string;
  /** Overrides the default display time. */
  timeoutMs?: number;
}

/** An alert in the queue. */
export interface Alert extends AlertInput {
  id: number;
  translate: boolean;
}

/** What the alerts actor accepts. */
export type AlertsEvent =
  | { type: 'alerts.raised'; alert: AlertInput }
  | { type: 'alerts.errorRaised'; error: unknown }
  /** The user pressed OK or closed the snackbar. */
  | { type: 'alerts.dismissed' };
