/** The account calls outside the socket (DESIGN.md "Live protocol"): register, forgot password, set password, confirm e-mail. */
import type { AccountAnswer, AccountPath } from '../../../machines/session/sessionEffects';
import { TOKEN_HEADER } from '../../shared/constants';
import { postJson } from './postJson';

/** POSTs to /api/{path} and answers the status, the x-vgn-token header and the body; rejects only when the server cannot be reached. */
export async function postAccount(path: AccountPath, body: Record<string, string>): Promise<AccountAnswer> {
  const answer = await postJson(`/api/${path}`, body, null);
  return { status: answer.status, token: answer.headers.get(TOKEN_HEADER), body: answer.body };
}
