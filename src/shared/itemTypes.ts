import { modules } from '../modules';
import { coreTypes } from './items/coreTypes';
import { ItemTypeRegistry } from './items/registry';
import { extendTypes } from './items/typeExtensions';
import { AttachmentType } from './items/platformTypes/Attachment';
import { SavedSearchType } from './items/platformTypes/SavedSearch';
import { NotifyType } from './items/platformTypes/Notify';
import { SystemAlertType } from './items/platformTypes/SystemAlert';
import { WhatsNewType } from './items/platformTypes/WhatsNew';

/** Every item type of the product: the core ones and those of each domain module, with the properties modules add to others' (typeExtensions). */
export const itemTypes = new ItemTypeRegistry(
  extendTypes(
    [...coreTypes, AttachmentType, NotifyType, SavedSearchType, SystemAlertType, WhatsNewType, ...modules.flatMap((m) => m.itemTypes)],
    modules,
  ),
  modules.flatMap((m) => m.virtualTypes ?? []),
);
