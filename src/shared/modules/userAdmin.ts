/** What the users' administration answers, as both sides speak it (`act/userAccount`, `act/mySessions`). */

/** A user's account as an administrator sees it: rights held on the site and per organisation. */
export interface UserAccount {
  userId: string;
  admin: boolean;
  blocked: boolean;
  /** Capabilities held on the whole site. */
  capabilities: Record<string, boolean>;
  /** The organisations the user belongs to, with their label and the capabilities held there. */
  memberships: { orgId: string; label: string; capabilities: Record<string, boolean> }[];
}

/** One open session of the signed-in user (`act/mySessions`). */
export interface UserSessionInfo {
  /** A short handle, never the token. */
  id: string;
  started: string;
  expires: string;
  /** The session asking. */
  current: boolean;
  masqueraded: boolean;
}

/** What is known of the account behind a contact, if any (read by the account service). */
export interface AccountFacts {
  blocked: boolean;
  hasPassword: boolean;
  lastSignIn: Date | null;
}
