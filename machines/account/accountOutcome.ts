/** What the account forms post, and how an answer becomes the message and per-field messages a page shows. */
import type { AccountAnswer, AccountPath } from '../session/sessionEffects';

/** The submissions of the four forms. */
export type AccountSubmission =
  | { type: 'account.registerSubmitted'; name: string; email: string; password: string }
  | { type: 'account.forgotSubmitted'; email: string }
  | { type: 'account.setPassSubmitted'; token: string; password: string }
  /** /confirm-email?token= asks as soon as it opens. */
  | { type: 'account.confirmRequested'; token: string };

/** A refusal's message key (null: nothing to say) and message keys by field. */
export interface AccountOutcome {
  message: string | null;
  fields: Record<string, string>;
}

/** The server could not be reached (spec 000 §8 step 5). */
export const UNREACHABLE: AccountOutcome = { message: 'errors.networkError', fields: {} };
/** The server did not answer within the site's httpTimeout. */
export const TIMED_OUT: AccountOutcome = { message: 'app.account.timedOut', fields: {} };

/** The path and body a submission posts; names and addresses without the spaces around them. */
export function accountBody(event: { type: string }, form: string): { path: AccountPath; body: Record<string, string> } {
  const submission = event as AccountSubmission;
  switch (submission.type) {
    case 'account.registerSubmitted':
      return { path: 'register', body: { name: submission.name.trim(), email: submission.email.trim(), password: submission.password } };
    case 'account.forgotSubmitted':
      return { path: 'forgot-password', body: { email: submission.email.trim() } };
    case 'account.setPassSubmitted':
      return { path: 'set-pass', body: { token: submission.token, password: submission.password } };
    case 'account.confirmRequested':
      return { path: 'confirm-email', body: { token: submission.token } };
    default:
      throw new Error(`no submission of ${form} in ${event.type}`);
  }
}

/** A refused answer as the page shows it: errors.{userMessage} (errors.generalFailure without one) and the fields' keys. */
export function outcomeOf(answer: AccountAnswer): AccountOutcome {
  const record =
    typeof answer.body === 'object' && answer.body !== null ? (answer.body as { userMessage?: unknown; fields?: unknown }) : {};
  const message = typeof record.userMessage === 'string' ? `errors.${record.userMessage}` : 'errors.generalFailure';
  const fields =
    typeof record.fields === 'object' && record.fields !== null
      ? Object.fromEntries(Object.entries(record.fields).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
  return { message, fields };
}
