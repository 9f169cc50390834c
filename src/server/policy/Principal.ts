/** Who is asking: a signed-in user's session, as the server resolved it from the token. */
export interface Principal {
  userId: string;
  admin: boolean;
  /** Capabilities held on the whole site. */
  capabilities: Record<string, boolean>;
  /** The organisations the user belongs to, each with the capabilities held there. */
  orgs: Record<string, Record<string, boolean>>;
  /** Hash of the token the request came with (null for internal work). */
  tokenHash: string | null;
  /** The administrator acting as this user, when masquerading. */
  masquerader: string | null;
  /** The person record (Contact) the user's User item names: they read it whatever its visibility. */
  contactId?: string | null;
}

/** Whoever sent a request: a principal, or null when no one is signed in. */
export type Caller = Principal | null;

/** The ids a grant may name to reach this principal: the user and each of their organisations. */
export const granteesOf = (p: Principal): string[] => [p.userId, ...Object.keys(p.orgs)];
