/** One value of a list of values as GET /lov and act/lov answer it. */
export interface LovEntry {
  id: string;
  key: string;
  label: string;
  /** Only when archived values are asked for: ACTIVE or ARCHIVED. */
  state?: 'ACTIVE' | 'ARCHIVED';
}

/** Values of one list keyed by owner organisation id, `_` for the site's own. */
export type LovLists = Record<string, LovEntry[]>;

/** Locale names accepted by the list routes and operations. */
export const LOV_LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
/** List names: upper case with digits and underscores. */
export const LOV_LIST_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
/** An owner is an organisation id. */
export const LOV_OWNER = /^Organization-\d+$/;
