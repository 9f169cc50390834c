/** The product's error kinds (spec 000 §8): a client error with a translation key, a server error with a userMessage. */
import type { ErrorBody } from '../../src/shared/protocol';

/** An error the client raises itself; `key` is a translation key such as `errors.wsMsgTimeout`. */
export class ClientError extends Error {
  constructor(
    readonly key: string,
    readonly detail?: string,
  ) {
    super(key);
    this.name = 'ClientError';
  }
}

/** A failed reply from the server; shown as `errors.{userMessage}` with `sysMessage` in the details dialog. */
export class ServerMessageError extends Error {
  constructor(
    readonly userMessage: string,
    readonly sysMessage?: string,
    readonly operation?: string,
    /** For `validationFailed`: property name to form-rule message key, for the form to show. */
    readonly fields?: Record<string, string>,
  ) {
    super(userMessage);
    this.name = 'ServerMessageError';
  }
}

/** An error that is only logged, never shown (e.g. 'Control set ... no longer exists'). */
export class IgnoredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IgnoredError';
  }
}

/** Why a request failed, as plain data so that it can travel in events. */
export type RequestFailure =
  | { kind: 'server'; userMessage: string; sysMessage?: string; fields?: Record<string, string> }
  /** `silent`: only logged (a POST that never reached the server shows nothing, spec 000 §8). */
  | { kind: 'client'; key: string; detail?: string; silent?: boolean };

/** The failure of a reply frame with `erred: true`. */
export function failureFromBody(body: Partial<ErrorBody> | undefined): RequestFailure {
  const failure: RequestFailure = { kind: 'server', userMessage: body?.userMessage ?? 'generalFailure' };
  if (body?.sysMessage !== undefined) failure.sysMessage = body.sysMessage;
  if (body?.fields !== undefined) failure.fields = body.fields;
  return failure;
}

/** Turns a failure back into the error class the alert handling order knows. */
export function failureToError(failure: RequestFailure, operation?: string): Error {
  return failure.kind === 'server'
    ? new ServerMessageError(failure.userMessage, failure.sysMessage, operation, failure.fields)
    : new ClientError(failure.key, failure.detail);
}
