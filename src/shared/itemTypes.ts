import { coreTypes } from './items/coreTypes';
import { ItemTypeRegistry } from './items/registry';

/** Every item type of the product: the core ones and those of each domain module. */
export const itemTypes = new ItemTypeRegistry([...coreTypes]);
