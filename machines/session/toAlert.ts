/** The alert handling order of spec 000 §8: what, if anything, the user sees for a caught error. */
import { UserMessage } from '../../src/shared/protocol';
import type { AlertInput, AlertsEvent } from './alertTypes';
import { ClientError, IgnoredError, ServerMessageError } from './sessionErrors';

/** What to do with an error: show an alert, only log it, or show an alert and rethrow. */
export type AlertDecision =
  | { action: 'show'; alert: AlertInput }
  | { action: 'ignore'; log: boolean; message: string }
  | { action: 'showAndThrow'; alert: AlertInput; error: unknown };

const NOT_CAUGHT_KEY = 'error.notCaught';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const stringField = (record: Record<string, unknown>, key: string): string | undefined =>
  typeof record[key] === 'string' ? (record[key] as string) : undefined;

function serverAlert(userMessage: string, sysMessage: string | undefined): AlertDecision {
  // parseRequestFailed means the client sent garbage: the user can do nothing about it.
  if (userMessage === UserMessage.parseRequestFailed) return { action: 'ignore', log: false, message: userMessage };
  const alert: AlertInput = { type: 'ERROR', message: `errors.${userMessage}` };
  if (sysMessage !== undefined) alert.details = sysMessage;
  return { action: 'show', alert };
}

function clientAlert(key: string, detail: string | undefined): AlertDecision {
  const alert: AlertInput = { type: 'ERROR', message: key };
  if (detail !== undefined) alert.details = detail;
  return { action: 'show', alert };
}

// Step 4: reply bodies, erred frames, HTTP responses and task results that carry a message.
function bodyAlert(error: Record<string, unknown>): AlertDecision | null {
  const userMessage = stringField(error, 'userMessage');
  if (userMessage !== undefined) return serverAlert(userMessage, stringField(error, 'sysMessage'));
  const errorKey = stringField(error, 'errorKey');
  if (errorKey !== undefined) return clientAlert(errorKey.includes('.') ? errorKey : `errors.${errorKey}`, undefined);
  if (error.erred === true) {
    const body = isRecord(error.b) ? error.b : {};
    return serverAlert(stringField(body, 'userMessage') ?? 'generalFailure', stringField(body, 'sysMessage'));
  }
  const response = isRecord(error.response) && isRecord(error.response.data) ? error.response.data : null;
  return response ? bodyAlert(response) : null;
}

const isServiceWorkerFailure = (error: Error): boolean => /service ?worker/i.test(error.message);

/** Decides, in the nine-step order of spec 000 §8, how an error reaches the user. */
export function toAlert(error: unknown): AlertDecision {
  // (1) translated client error, as an instance or as the plain data a request failure carries
  if (error instanceof ClientError) return clientAlert(error.key, error.detail);
  if (isRecord(error) && error.kind === 'client' && typeof error.key === 'string') {
    if (error.silent === true) return { action: 'ignore', log: true, message: error.key };
    return clientAlert(error.key, stringField(error, 'detail'));
  }
  // (2) server message error
  if (error instanceof ServerMessageError) return serverAlert(error.userMessage, error.sysMessage);
  // (3) the ignore class
  if (error instanceof IgnoredError) return { action: 'ignore', log: true, message: error.message };
  // (4) bodies with userMessage, errorKey or erred
  if (isRecord(error) && !(error instanceof Error)) {
    const decision = bodyAlert(error);
    if (decision) return decision;
  }
  if (error instanceof Error) {
    // (5) the network failed
    if (error.message === 'Network Error') return { action: 'show', alert: { type: 'ERROR', message: 'errors.networkError' } };
    // (6) a browser that refuses the service worker still runs the app
    if (isServiceWorkerFailure(error)) return { action: 'ignore', log: true, message: error.message };
    // (7) any other error: its text, untranslated
    return { action: 'show', alert: { type: 'ERROR', message: error.message, translate: false } };
  }
  // (8) a plain string
  if (typeof error === 'string') {
    return { action: 'show', alert: { type: 'ERROR', message: 'errors.generalFailure', details: error } };
  }
  // (9) anything else is a programming error: show it and let it surface
  return { action: 'showAndThrow', alert: { type: 'ERROR', message: NOT_CAUGHT_KEY }, error };
}

/** Reports an error to the alerts actor from outside a machine, rethrowing what step (9) says must surface. */
export function raiseError(alerts: { send(event: AlertsEvent): void }, error: unknown): void {
  alerts.send({ type: 'alerts.errorRaised', error });
  if (toAlert(error).action === 'showAndThrow') throw error;
}
