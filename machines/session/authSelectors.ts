/** Selectors over the auth snapshot for `useSelector`; each returns a primitive or a stable object. */
import type { SnapshotFrom } from 'xstate';
import type { UserSession } from '../../src/shared/protocol';
import { isTokenValid, type AuthState, type authMachine } from './authMachine';

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The blocking dialog of spec 000 §4; `button` on tokenWarning refreshes the token, otherwise dismisses. */
export interface AuthDialog {
  kind: 'tokenWarning' | 'tokenExpiry' | 'otherTabSignout';
  title: string;
  text: string;
  button: string;
}

// Module-level objects, so that a selector returning them keeps its identity between snapshots.
const DIALOGS: Partial<Record<AuthState, AuthDialog>> = {
  TOKEN_WARNING: {
    kind: 'tokenWarning',
    title: 'app.tokenWarning.title',
    text: 'app.tokenWarning.text',
    button: 'app.tokenWarning.refresh',
  },
  TOKEN_EXPIRY: { kind: 'tokenExpiry', title: 'app.tokenExpiry.title', text: 'app.tokenExpiry.text', button: 'app.tokenExpiry.ok' },
  OTHER_TAB_SIGNOUT: {
    kind: 'otherTabSignout',
    title: 'app.otherTabSignout.title',
    text: 'app.otherTabSignout.text',
    button: 'app.otherTabSignout.ok',
  },
};

/** The authentication state name. */
export const selectAuthState = (snapshot: AuthSnapshot): AuthState => snapshot.value;

/** Whether the token counts as valid (USER_VALID, TOKEN_LOCAL, TOKEN_SIGN_IN, TOKEN_WARNING, CONNECTION_LOST). */
export const selectTokenValid = (snapshot: AuthSnapshot): boolean => isTokenValid(snapshot.value);

/** The signed-in user, once the server confirmed the token. */
export const selectUser = (snapshot: AuthSnapshot): UserSession | null => snapshot.context.user;

/** Whether the start-up question "signed in or not" is answered; the router waits for it. */
export const selectAuthSettled = (snapshot: AuthSnapshot): boolean =>
  snapshot.value !== 'TOKEN_LOCAL' && snapshot.value !== 'TOKEN_SIGN_IN';

/** A sign-in post is under way. */
export const selectSigningIn = (snapshot: AuthSnapshot): boolean => snapshot.context.signingIn;

/** When the token expires (ISO time), for the token warning text. */
export const selectTokenExpires = (snapshot: AuthSnapshot): string | null => snapshot.context.tokenExpires;

/** The blocking dialog to show, if any. */
export const selectAuthDialog = (snapshot: AuthSnapshot): AuthDialog | null => DIALOGS[snapshot.value] ?? null;
