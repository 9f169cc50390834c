/** What the root session needs of the domain modules: their views and their session-level actors. */
import type { AnyActorLogic } from 'xstate';
import type { ViewRegistry } from '../../src/shared/modules/ViewDef';
import type { SiteConfig } from '../../src/shared/protocol';

/** A long-lived actor a module runs for the whole session, under the system id the module names. */
export interface ModuleActorDef {
  systemId: string;
  logic: AnyActorLogic;
  /** Its input, from the site config. */
  input?: (siteConfig: SiteConfig) => unknown;
}

/** The registered modules as the session machine is given them (composed by the browser's module registry). */
export interface SessionModules {
  /** Every view the router knows: the core's and each module's. */
  views: ViewRegistry;
  /** Spawned after the core actors, in registry order. */
  actors: readonly ModuleActorDef[];
}
