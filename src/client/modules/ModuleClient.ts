/** What a domain module gives the browser (docs/modules.md): its session actors and its screens. */
import type { ComponentType } from 'react';
import type { ModuleActorDef } from '../../../machines/session/moduleActors';
import type { FieldEditProps } from '../items/fields/FieldKind';
import type { ItemPanelProps } from '../items/itemPanels';
import type { CellViewProps } from '../layout/CellViewProps';

/** A module's screens and their messages: one chunk, loaded the first time one of them is shown. */
export interface ModuleScreens {
  /** View key (`v-...`, declared in the model's `views`) to the component that draws it. */
  views?: Readonly<Record<string, ComponentType<CellViewProps>>>;
  /** Item type name to the panels its read screen shows below the properties, in order. */
  panels?: Readonly<Record<string, readonly ComponentType<ItemPanelProps>[]>>;
  /**
   * `Type.property` to the component that edits that property in the item form, in place of its
   * kind's generic input (a workflow template's steps); named in `ModuleClient.fieldEditors`.
   */
  fieldEditors?: Readonly<Record<string, ComponentType<FieldEditProps>>>;
  /** The English messages these screens use (the labels of types and views are in the model). */
  messages: Readonly<Record<string, string>>;
}

/** What the help menu's support request opens when a module gives it (live-assist). */
export interface SupportWidgetProps {
  onClose: () => void;
}

/** The browser part of a domain module, listed once in `src/modules/client.ts`. */
export interface ModuleClient {
  /** The model's name. */
  name: string;
  /** Long-lived actors the root session spawns under the module's own system ids. */
  actors?: readonly ModuleActorDef[];
  /** The item types (its own or the core's) whose read screens show panels of its screens. */
  panelTypes?: readonly string[];
  /** The properties (`Type.property`, any module's type) its screens' `fieldEditors` edit in the item form. */
  fieldEditors?: readonly string[];
  /** Its screens: `() => import('./ui')`, so they load as a chunk of their own. */
  screens?: () => Promise<ModuleScreens>;
  /** The widget the help menu's support request opens, a chunk of its own (the first module giving one wins). */
  support?: () => Promise<ComponentType<SupportWidgetProps>>;
}
