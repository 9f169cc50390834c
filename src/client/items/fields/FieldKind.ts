/** The contract between the generic item screens and the components of one property kind (spec 000 §3, spec 001 §3). */
import type { ComponentType } from 'react';
import type { Item, ItemTypeDef, PropertyDef, PropertyKind } from '../../../shared/items/types';

/** What the read screen gives the component that shows one property. */
export interface FieldShowProps {
  /** The property's name in the item. */
  name: string;
  def: PropertyDef;
  value: unknown;
  /** The whole item: `$labels` names related items, `_t` its type. */
  item: Item;
  type: ItemTypeDef;
}

/** What the edit screen gives the component that edits one property. */
export interface FieldEditProps {
  name: string;
  def: PropertyDef;
  value: unknown;
  /** The item being edited (null while creating): `$labels` of related items. */
  item: Item | null;
  type: ItemTypeDef;
  /** The id of the input, bound to the label the form draws. */
  inputId: string;
  /** The id of the element that holds the field's error, for `aria-describedby`. */
  errorId: string;
  /** A message key (`errors.required`), or null. */
  error: string | null;
  /** Set for one second after a failed save: the input shakes. */
  shake: boolean;
  onChange(value: unknown): void;
  onBlur(): void;
}

/** How one property kind is shown and edited. */
export interface FieldKind {
  Show: ComponentType<FieldShowProps>;
  Edit: ComponentType<FieldEditProps>;
  /** Whether the value counts as empty (not shown on the read screen, `errors.required` when required). */
  isEmpty?(value: unknown): boolean;
}

/** Property kind to its components (the table in fieldKinds.ts). */
export type FieldKinds = Partial<Record<PropertyKind, FieldKind>>;
