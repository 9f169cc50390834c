/** The registry of views a first (or child) path segment may name, with the core platform's views (spec 000 §2 Known paths). */

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

/** The core platform's views; `/i-...` item cells need no entry. */
export const CORE_VIEWS: ViewRegistry = {
  'v-home': {},
  'v-sign-in': { public: true, noColumns: true },
  'v-sign-out': { noColumns: true },
  'v-register': { public: true, noColumns: true },
  'v-forgot-password': { public: true, noColumns: true },
  'v-set-pass': { public: true, noColumns: true },
  'v-confirm-email': { public: true, noColumns: true },
  'v-terms': { public: true },
  'v-privacy-policy': { public: true },
  'v-whats-new': { public: true },
  'v-docs': { public: true, noColumns: true, arg: true },
  'v-imprint': {},
  'v-timeline': {},
  'v-notifications': {},
  'v-search': { width: 'TWO_THIRDS' },
  'v-my-organizations': {},
  'v-my-contacts': {},
  'v-admin.all-items': {},
  'v-admin.sysalerts': {},
  'v-admin.state': {},
  'v-admin.systext': {},
  'v-admin.menu-items': {},
  'v-admin.owner': {},
  'v-admin.lovs': {},
  'v-admin.collections': {},
};
