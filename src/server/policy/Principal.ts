/** Who is asking: a signed-in user's session, as the server resolved it from the token. */
export interface Principal {
  userId: string;
  admin: boolean;
  capabilities: Record<string, boolean>;
  /** Hash of the token the request came with (null for internal work). */
  tokenHash: string | null;
  /** The administrator acting as this user, when masquerading. */
  masquerader: string | null;
}

/** Whoever sent a request: a principal, or null when no one is signed in. */
export type Caller = Principal | null;
