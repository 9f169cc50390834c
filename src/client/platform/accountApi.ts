/** The account calls outside the socket (DESIGN.md "Live protocol"): register, forgot password, set password, confirm e-mail. */
import { TOKEN_HEADER } from '../../shared/constants';
import { postJson } from './postJson';

/** How an account call ended: ok (with a token for set-pass), or a message key and per-field keys. */
export type AccountResult = { ok: true; token: string | null } | { ok: false; message: string; fields: Record<string, string> };

function messageOf(body: unknown): { message: string; fields: Record<string, string> } {
  const record = typeof body === 'object' && body !== null ? (body as { userMessage?: unknown; fields?: unknown }) : {};
  const message = typeof record.userMessage === 'string' ? `errors.${record.userMessage}` : 'errors.generalFailure';
  const fields =
    typeof record.fields === 'object' && record.fields !== null
      ? Object.fromEntries(Object.entries(record.fields).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
  return { message, fields };
}

/** POSTs to /api/{path}; network failures answer errors.networkError rather than throw. */
export async function accountCall(
  path: 'register' | 'forgot-password' | 'set-pass' | 'confirm-email',
  body: Record<string, string>,
): Promise<AccountResult> {
  try {
    const answer = await postJson(`/api/${path}`, body, null);
    if (answer.status >= 200 && answer.status < 300) return { ok: true, token: answer.headers.get(TOKEN_HEADER) };
    return { ok: false, ...messageOf(answer.body) };
  } catch {
    return { ok: false, message: 'errors.networkError', fields: {} };
  }
}
