/**
 * Whether a caller may create an item of a type somewhere: the question a create form (`i-{Type}-0`)
 * asks through `act/isAllowed` before it offers itself. The create operation still decides each body.
 */
import type { ItemTypeDef } from '../../shared/items/types';
import type { ServerConfig } from '../config';
import { canCreate } from '../policy/policy';
import type { Caller } from '../policy/Principal';

/**
 * True when `caller` may create an item of `type` with no owner or owned by one of their organisations:
 * a form lets its user choose the owner, so any one of them that the policy allows makes the form useful.
 * The site's RESTRICT_CONTACT_CREATION keeps contacts to administrators, as `create/Contact` does.
 * No one creates an Attachment: the upload of its file does (`create/Attachment` is refused).
 */
export function mayCreateSomewhere(
  caller: Caller,
  type: ItemTypeDef,
  config: Pick<ServerConfig, 'restrictContactCreation' | 'dedicated'>,
): boolean {
  if (!caller || type.name === 'Attachment') return false;
  if (type.name === 'Contact' && config.restrictContactCreation && !config.dedicated && !caller.admin) return false;
  return [null, ...Object.keys(caller.orgs)].some((owner) => canCreate(caller, type, owner));
}
