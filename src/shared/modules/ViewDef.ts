/** How a view (a `v-...` path segment, spec 000 §2) behaves in the router: declared by the core and by modules. */

/** Column widths of spec 000 §3 Cell. */
export type CellWidth = 'THIRD' | 'HALF' | 'TWO_THIRDS' | 'FULL';

/** How a view behaves in the router. */
export interface ViewDef {
  /** Open to visitors without a valid token. */
  public?: boolean;
  /** Shown full screen, without columns. */
  noColumns?: boolean;
  /** The next path segment is this view's own argument (`/docs/{key}`), not a cell. */
  arg?: boolean;
  width?: CellWidth;
}

/** View key (`v-...`) to its definition; modules add theirs to the core ones. */
export type ViewRegistry = Readonly<Record<string, ViewDef>>;
