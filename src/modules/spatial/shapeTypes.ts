/** The item types with a shape of their own (a GEO property): their read screens offer the overlap check. */
import { itemTypes } from '../../shared/itemTypes';

/** The names of the registered types with a GEO property, any module's. */
export const shapeTypes = (): string[] =>
  itemTypes
    .all()
    .filter((type) => Object.values(type.properties).some((def) => def.kind === 'GEO'))
    .map((type) => type.name);
