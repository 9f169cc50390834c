import type { CardDef } from '../dashboard/CardDef';
import type { EventKindDef } from '../events/EventKindDef';
import type { ImportKindDef } from '../imports/ImportKindDef';
import type { ItemTypeDef } from '../items/types';
import type { StateChartDef } from '../items/stateCharts';
import type { TypeExtension } from '../items/typeExtensions';
import type { VirtualTypeDecl } from '../items/virtualTypes';
import type { WizardDef } from '../items/wizards';
import type { AnyOperation } from '../protocol/defineOperation';
import type { StepKindDef } from '../workflow/StepKindDef';
import type { ViewRegistry } from './ViewDef';

/** What a menu entry's show rule may look at: the signed-in user's rights. */
export interface NavUser {
  admin: boolean;
  capabilities: Record<string, boolean>;
  /** Organisation id to the rights held there. */
  organizations: Record<string, Record<string, boolean>>;
  /** A dedicated deployment's owner organisation (from the site config), if one is chosen. */
  siteOwner?: string | null;
  /** Whether the site is a dedicated (single-organisation) deployment: given to show rules by the menu builder. */
  dedicated?: boolean;
}

/** A menu entry (spec 000 §2): a dotted path makes a child; `admin...` paths go to the admin menu. */
export interface NavItem {
  path: string;
  /** Message key of the entry's title. */
  title: string;
  icon?: string;
  /** Shown to holders of this capability (and administrators). */
  capability?: string;
  adminOnly?: boolean;
  /** Reachable by its route but not listed in the menu. */
  routeOnly?: boolean;
  /** Only in dedicated (single-organisation) deployments. */
  dedicatedOnly?: boolean;
  /** The entry's own show rule: shown when it allows, even without the capability. */
  show?: (user: NavUser) => boolean;
}

/**
 * The right that lets a user create, change or archive an organisation's values of a list (spec 001
 * §6): `action` on `type`, held in the value's owner organisation (docs/permissions.md says exactly
 * what that means). Read of the type's PRIVATE items is `{ action: 'read', type, access: 'PRIVATE' }`.
 */
export interface ListRight {
  action: 'read' | 'create' | 'update' | 'delete';
  type: string;
  /** With `read`: read of the type's items at this visibility (PRIVATE.read); PROTECTED when left out. */
  access?: 'PROTECTED' | 'PRIVATE';
  /** The right counts in dedicated deployments only; on a shared site only administrators edit the list. */
  dedicatedOnly?: boolean;
}

/** A list of values a module uses, and who may edit an organisation's values of it. */
export interface ListDef {
  name: string;
  /** Forms need at least one value in this list. */
  required?: boolean;
  /** Who edits an organisation's values; none: the generic rule of LOVValue items (docs/permissions.md). */
  editRight?: ListRight;
}

/**
 * What a domain module declares, imported by both sides (docs/modules.md): its item types, lists of
 * values, menu entries, views, the labels of all of these and its icons. Its browser part is
 * `client.ts` (session actors, lazy screens with their messages), its server part `server.ts`.
 */
export interface ModuleModel {
  name: string;
  /** The capability that switches the whole module on (none: always on). */
  capability?: string;
  itemTypes: readonly ItemTypeDef[];
  lists: readonly ListDef[];
  menu: readonly NavItem[];
  /** The module's operations (src/shared/protocol/defineOperation.ts); its server part binds a handler to each. */
  operations?: Readonly<Record<string, AnyOperation>>;
  /** The module's views (`v-...` keys), which the router opens as cells. */
  views?: ViewRegistry;
  /**
   * The English labels of everything above (types, properties, menu entries, views): the generic
   * screens show them before any of the module's own screens load. Its screens' own messages load
   * with them (the client part).
   */
  labels: Readonly<Record<string, string>>;
  /** Icons the module names (item types, menu entries) that the core set lacks: name to a 24 px SVG path. */
  icons?: Readonly<Record<string, string>>;
  /**
   * States only the server changes: per type, the property and the chart (in `machines/<module>/`)
   * whose events are its transitions, each guarded by who may take it (src/shared/items/stateCharts.ts).
   */
  stateCharts?: readonly StateChartDef[];
  /**
   * The kinds of event the module writes into timelines (its transitions' `state.<event>` among them),
   * each with the message key of its description among `labels`; a kind registered twice stops the start.
   */
  eventKinds?: readonly EventKindDef[];
  /**
   * Searchable views of the Attachments of its types, each joined with properties of its parent item
   * (spec 001 §3 consultAttachment; src/shared/items/virtualTypes.ts): searched, faceted, shown and
   * exported (a zip of the files) like a type, never stored.
   */
  virtualTypes?: readonly VirtualTypeDecl[];
  /**
   * Step wizards: per type, the steps its create and edit screens go through, each naming the
   * properties it shows (src/shared/items/wizards.ts, docs/modules.md "Step wizards").
   */
  wizards?: readonly WizardDef[];
  /**
   * Its cards on the home screen's dashboard (src/shared/dashboard/CardDef.ts): each searches one type and
   * follows it live; a key declared twice, by this module or another, stops the start.
   */
  cards?: readonly CardDef[];
  /**
   * The kinds of import it offers (spec 001 §3 Import): what a file's rows become and the column that
   * finds each row's item; a kind not uppercase, or registered twice, stops the start (spec 001 §5).
   */
  importKinds?: readonly ImportKindDef[];
  /**
   * Properties it adds to other modules' types, to each type a predicate accepts (the workflow
   * module's `_wf` on every `workflow` type: src/shared/items/typeExtensions.ts).
   */
  typeExtensions?: readonly TypeExtension[];
  /**
   * The workflow step kinds it brings (src/shared/workflow/StepKindDef.ts); their behaviour is in its
   * server part (`ModuleServer.stepKinds`). A kind registered twice stops the start.
   */
  stepKinds?: readonly StepKindDef[];
}
