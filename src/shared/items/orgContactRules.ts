/** The organisation-and-contact choice rules of spec 001 §5, shared by the choosers and the server. */

/** What is known of one chosen contact. */
export interface ChosenContact {
  id: string;
  /** The organisations the contact belongs to (its `_related`). */
  orgs: readonly string[];
  /** The contact is a blocked user's. */
  blocked: boolean;
}

/**
 * The message key for an organisation and the contacts chosen with it, or null when they fit:
 * errors.noOrg when the organisation is required but missing (or a contact has no organisation),
 * errors.chooseOrg when contacts are chosen before an organisation, errors.notInOrg when a contact
 * is not the organisation's, errors.blockedContact for a blocked user's contact.
 */
export function orgContactError(
  org: string | null,
  contacts: readonly ChosenContact[],
  options: { optional?: boolean } = {},
): string | null {
  if (!org) {
    if (contacts.length > 0) return 'errors.chooseOrg';
    return options.optional ? null : 'errors.noOrg';
  }
  for (const c of contacts) {
    if (c.blocked) return 'errors.blockedContact';
    if (c.orgs.length === 0) return 'errors.noOrg';
    if (!c.orgs.includes(org)) return 'errors.notInOrg';
  }
  return null;
}

/** The organisations a chooser may offer for an organisation property: never the item itself. */
export const orgOptions = <T extends { id: string }>(orgs: readonly T[], selfId: string | null): T[] => orgs.filter((o) => o.id !== selfId);
