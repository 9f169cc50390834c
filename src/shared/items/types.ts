/** The shape of items, item types and their property kinds (spec 000 §3, spec 001 §3). */

/** Visibility levels, from the most open to the most closed. */
export const VISIBILITIES = ['PUBLIC', 'COMMUNITY', 'PROTECTED', 'PRIVATE'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** Per-item notification preference. */
export const NOTIFY_PREFERENCES = ['NIL', 'DEFAULT', 'PREFS', 'ALWAYS', 'NEVER'] as const;
export type NotifyPreference = (typeof NOTIFY_PREFERENCES)[number];

/** Value kinds of item properties. */
export const PROPERTY_KINDS = [
  'textField',
  'SEL',
  'LOV',
  'REL',
  'DT',
  'DTM',
  'impreciseDate',
  'NUM',
  'BOOL',
  'HTM',
  'ATT',
  'ARR',
  'IDM',
  'list',
  'labelFunc',
  'translations',
  'object',
  /** A GeoJSON geometry in WGS84 (src/shared/geo/geometry.ts). */
  'GEO',
] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

/** Facet shown for a property in search results. */
export interface FacetDef {
  kind: 'terms' | 'dateRanges' | 'yearRanges' | 'numericRanges' | 'fileSize';
  ranges?: readonly (readonly [number | null, number | null])[];
  hide?: boolean;
  limit?: number;
}

/** One property of an item type, with its form rules (spec 000 §5). */
export interface PropertyDef {
  kind: PropertyKind;
  /** Translation path of the label; defaults to `types.{Type}.{prop}`. */
  t?: string;
  required?: boolean | 'exceptAdmin';
  notBlank?: boolean;
  maxLength?: number;
  /** textField: what the text is; `mediaType` (a file's, `application/pdf`) is shown as its name ("PDF document"). */
  format?: 'email' | 'phone' | 'url' | 'hex' | 'lowercase' | 'version' | 'mediaType';
  number?: 'FLOAT' | 'INTEGER' | 'NATURAL';
  /** SEL: the allowed values. */
  options?: readonly string[];
  /** LOV: the list of values it draws from. */
  list?: string;
  /** REL: the item types it may point at. */
  relTypes?: readonly string[];
  /** REL, SEL, LOV, ATT: holds a list of values rather than one. */
  multiple?: boolean;
  /** list, ARR: element count limits. */
  minItems?: number;
  maxItems?: number;
  /** ARR, list: shape of each element; object: its own properties (others it may hold are not checked). */
  of?: Record<string, PropertyDef>;
  sortable?: boolean;
  facet?: FacetDef;
  /**
   * Administrators' alone in search results (spec 001: the community of a response): its facet is
   * counted and its column shown and exported for administrators only, and not in a dedicated deployment.
   */
  adminOnly?: boolean;
  /** Set by the server only; a client cannot write it. */
  readOnly?: boolean;
  /** With `readOnly`: asked for in the create form all the same (given once by whoever may create, e.g. a user's e-mail). */
  onCreate?: boolean;
  /** The app's own bookkeeping (a search's criteria, the last what's-new seen): never shown in forms, read screens or lists. */
  internal?: boolean;
  /**
   * REL: the list of items pointing here through this property, on the read screen of each item it
   * points at (src/shared/items/relatedLists.ts); `false` leaves it out, `t` names the list's heading
   * (default `types.{Type}.related.{prop}`).
   */
  related?: false | { t?: string };
}

/** How an item shows in a list. */
export interface ListItemDef {
  /** The property that titles the item in lists; without one, the item's label. */
  title?: string;
  subtitle?: string;
  icon?: string;
}

/**
 * A titled group of properties on an item's read screen and form (issue 16). Its heading is
 * `app.section.{key}` unless `t` names another label.
 */
export interface LayoutSection {
  key: string;
  t?: string;
  properties: readonly string[];
  /** Spans the whole width below the main and side columns (rich text, galleries of attachments). */
  wide?: boolean;
}

/**
 * Where an item's properties go (src/client/items/layout/itemLayout.ts): titled sections in the main
 * column and a side column for people and dates, which the created and changed lines end. A property
 * the declaration does not name is placed as a type without one would place it.
 */
export interface ItemLayoutDef {
  sections: readonly LayoutSection[];
  /** Properties in the side column, in order (owner, contacts, dates). */
  side?: readonly string[];
}

/**
 * The named map colours of spec 001 §9 (selected marker pink, collected points orange, deleted points
 * near black, out-of-segment points grey, spatial work items teal, references orange-red, consult
 * territory orange, research footprint dark red, study area red). Their values, for the light and the
 * dark theme, are src/client/map/mapPalette.ts.
 */
export type MapColour = 'pink' | 'orange' | 'nearBlack' | 'grey' | 'teal' | 'orangeRed' | 'darkRed' | 'red';

/** How a type's features are drawn on a map: its colour, and its markers' radius in pixels (7 unless given). */
export interface MapStyleDef {
  colour: MapColour;
  radius?: number;
}

/**
 * A map on the type's read screen of the shapes around an item (spec 001 §7 map requests): the item
 * and the items its relations `via` name are the proxies; drawn are their own shapes and those of the
 * items whose relations name them, of `types` alone (onlyProxyTypes). Drawn by whichever module
 * offers maps; only what the reader may read.
 */
export interface MapLayersDef {
  via: readonly string[];
  types: readonly string[];
}

/** An item type: its properties and how it is shown and labelled. */
export interface ItemTypeDef {
  name: string;
  defaultIcon: string;
  properties: Record<string, PropertyDef>;
  /** The label of an item, shown in chips, titles and `$labels`. */
  label: (item: ItemData) => string;
  /** Visibility of a new item whose body does not set `$access`. */
  defaultAccess: Visibility;
  /** Only administrators may create items of this type through `create/{type}`. */
  adminCreateOnly?: boolean;
  /**
   * An organisation property and a contacts property chosen for it (spec 001 §5): the contacts must
   * belong to that organisation and may not be blocked users; `optional` lets the organisation be empty.
   */
  orgContacts?: readonly { org: string; contacts: string; optional?: boolean }[];
  /** Pairs of date properties whose end may not come before their start (errors.endBeforeStart). */
  dateRanges?: readonly (readonly [string, string])[];
  excludeGeneralSearch?: boolean;
  sideLoadItem?: boolean;
  defaultHeaders?: readonly string[];
  facets?: readonly string[];
  listItem?: ListItemDef;
  /** Sections and side column of its read screen and form; without it, a layout derived from the property kinds. */
  layout?: ItemLayoutDef;
  /**
   * Its items holding one of `values` in `property` are left out of search results unless the query
   * names that property (spec 001 §4: archived spatial features and collections); that property's
   * facet still counts them, so a person can ask for them.
   */
  hiddenStates?: { property: string; values: readonly string[] };
  /** Its items can run a workflow (spec 001 "workflow-capable types"): the workflow module adds its `_wf` properties to it. */
  workflow?: true;
  /** With `workflow`: the transition of its state chart a completed outcome step takes (a response: `response.respond`). */
  workflowOutcome?: string;
  /** How its features (its own shapes, or the places it is) are drawn on a map (spec 001 §9); the site's blue unless given. */
  mapStyle?: MapStyleDef;
  /** A map of the shapes related to its items on their read screens. */
  mapLayers?: MapLayersDef;
  /** A virtual type (src/shared/items/virtualTypes.ts): never stored, searched and read from `over` joined with its parent. */
  virtual?: { over: 'Attachment'; parent: string; parentTypes: readonly string[]; parentProperties: readonly string[] };
}

/** Creation info of an item. */
export interface CreationInfo {
  ts: string;
  by: string | null;
}

/** The properties of an item other than the server-kept ones. */
export type ItemData = Record<string, unknown>;

/** An item as the server answers it. */
export interface Item extends ItemData {
  $id: string;
  _t: string;
  _i: number;
  _u: number;
  _c: CreationInfo;
  /** Its last change (the event of version `_u`): when and by whom; absent where the server did not say. */
  _m?: CreationInfo;
  $access: Visibility;
  $labels: Record<string, string>;
  $deleted?: boolean;
}

/** A relation value: the id of the item it points at. */
export interface RelValue {
  id: string;
}
