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
