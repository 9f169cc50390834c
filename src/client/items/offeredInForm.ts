/** Which properties an item's form offers. */
import type { PropertyDef } from '../../shared/items/types';

/** Whether the form offers property `def`: never the app's bookkeeping, and a server-kept one only when it is given once, on creation. */
export const offeredInForm = (def: PropertyDef, creating: boolean): boolean =>
  !def.internal && (!def.readOnly || (creating && def.onCreate === true));
