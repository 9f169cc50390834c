/** The item types that ask for a map of the shapes around their items (`mapLayers`): their read screens show it. */
import { itemTypes } from '../../shared/itemTypes';

/** The names of the registered types declaring `mapLayers`, any module's. */
export const layerTypes = (): string[] =>
  itemTypes
    .all()
    .filter((type) => type.mapLayers !== undefined)
    .map((type) => type.name);
