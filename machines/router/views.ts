/** The registry of views a first (or child) path segment may name, with the core platform's views (spec 000 §2 Known paths). */

export type { CellWidth, ViewDef, ViewRegistry } from '../../src/shared/modules/ViewDef';
import type { ViewRegistry } from '../../src/shared/modules/ViewDef';

/**
 * The column a location shows where a segment names no view and no valid cell (parseLocation). Not registered:
 * no path names it, so `/not-found` itself is not found like any other unknown address.
 */
export const NOT_FOUND_VIEW = 'v-not-found';

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
  // Drawn by its own route (the live actors, for administrators), outside the columns.
  'v-debug': { noColumns: true },
  'v-imprint': {},
  'v-timeline': {},
  'v-notifications': {},
  'v-search': { width: 'TWO_THIRDS' },
  'v-admin.all-items': {},
  'v-admin.sysalerts': {},
  'v-admin.state': {},
  'v-admin.systext': {},
  'v-admin.menu-items': {},
  'v-admin.owner': {},
  'v-admin.lovs': {},
};
