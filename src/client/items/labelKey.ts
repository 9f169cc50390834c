/** The message key of a property's label, apart from the field components so lists and facets can name properties without loading them. */
import type { ItemTypeDef, PropertyDef } from '../../shared/items/types';

/** The label of a property: its own translation path, else `types.{Type}.{prop}`. */
export const labelKey = (type: ItemTypeDef, name: string, def: PropertyDef): string => def.t ?? `types.${type.name}.${name}`;
