/** Every property kind's show and edit components, looked up by the generic item screens. */
import type { PropertyKind } from '../../../shared/items/types';
import type { FieldKind } from './FieldKind';

/** Property kind to its components; each kind's module adds its entry here. */
export const FIELD_KINDS: Partial<Record<PropertyKind, FieldKind>> = {};
