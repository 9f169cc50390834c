import { OpError } from '../OpError';

/** How long one statement may run before it is stopped, unless DB_STATEMENT_TIMEOUT_MS says otherwise. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/**
 * The error a statement stopped by the statement time-out answers: the catalogue's queryTimeout,
 * which tells the user to narrow the request rather than to try the same again.
 */
export function statementTimeoutError(ms: number): OpError {
  return new OpError('queryTimeout', `The database statement ran longer than ${ms} ms and was stopped (DB_STATEMENT_TIMEOUT_MS)`);
}
