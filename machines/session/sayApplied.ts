/** The success every change the user makes ends with: "Applied" (`app.applied`) through the session's alerts actor. */
import type { AnyActorRef } from 'xstate';
import { getAlerts, type SystemLike } from '../systemIds';

/** The alert of a change applied. */
export const APPLIED = { type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } } as const;

/** Enqueues the alert, when the session has an alerts actor: `sayApplied: enqueueActions(({ enqueue, system }) => sayApplied(enqueue, system))`. */
export function sayApplied(enqueue: { sendTo: (to: AnyActorRef, event: typeof APPLIED) => void }, system: SystemLike): void {
  const alerts = getAlerts(system);
  if (alerts) enqueue.sendTo(alerts, APPLIED);
}
