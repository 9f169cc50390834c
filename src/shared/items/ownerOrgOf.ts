/** Which organisation owns an item: the one its `owner` relation names (spec 001 §3), whose lists of values it may take. */
import type { ItemData } from './types';

/** The id of the organisation `data.owner` names, or null when it names none (or something that is no organisation). */
export function ownerOrgOf(data: ItemData | null | undefined): string | null {
  const owner = data && Object.hasOwn(data, 'owner') ? data.owner : undefined;
  if (typeof owner !== 'object' || owner === null || !Object.hasOwn(owner, 'id')) return null;
  const id = (owner as { id: unknown }).id;
  return typeof id === 'string' && id.startsWith('Organization-') ? id : null;
}
