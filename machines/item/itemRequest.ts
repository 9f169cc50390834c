/** What the item actor and its children share for their socket requests: the error shape the error box shows. */
import type { RequestFailure } from '../session/sessionErrors';

/** What the error box shows: `errors.{userMessage}`, with `sysMessage` in its details dialog. */
export interface ItemError {
  userMessage: string;
  sysMessage?: string;
}

/** A failed request as the error box shows it: the server's userMessage, or the client error's key. */
export function toItemError(failure: RequestFailure): ItemError {
  return failure.kind === 'server'
    ? { userMessage: failure.userMessage, ...(failure.sysMessage === undefined ? {} : { sysMessage: failure.sysMessage }) }
    : { userMessage: failure.key, ...(failure.detail === undefined ? {} : { sysMessage: failure.detail }) };
}
