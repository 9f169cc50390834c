/**
 * Step wizards (docs/modules.md "Step wizards"): a module declares, for one of its item types, the
 * steps its create and edit screens go through, each naming the properties it shows. Both sides read
 * the declaration; the browser validates a step with the type's own form rules
 * (`validateItemData`, limited to the step's properties), never with rules of its own.
 */
import type { ItemData, ItemTypeDef } from './types';

/** One step: its title (a message key among the module's labels) and the properties it shows, in order. */
export interface WizardStepDef {
  /** A word naming the step, unique in its wizard. */
  key: string;
  title: string;
  properties: readonly string[];
  /** The step shows, after its own properties, what the steps before it hold, each with a way back to it. */
  review?: boolean;
}

/** Something the item will still need later (to be submitted, say): about one property, said by a message key. */
export interface WizardNote {
  property: string;
  message: string;
}

/** The steps of a type's create and edit screens (`ModuleModel.wizards`). */
export interface WizardDef {
  type: string;
  steps: readonly WizardStepDef[];
  /**
   * What the values entered so far still lack for a later move (a submission), not for saving: each
   * step lists those about its properties under `title`, a review step lists them all. Notes, never
   * errors: the draft saves and the steps pass without them.
   */
  notes?: {
    title: string;
    of: (data: ItemData) => readonly WizardNote[];
    /** The message a review step shows when nothing is noted (what to do next), if any for these values. */
    none?: (data: ItemData) => string | undefined;
  };
}

/**
 * The wizards by type name, checked against the types: a type with two wizards, a step naming a
 * property the type lacks or keeps itself (`readOnly`), a property shown twice, a required property
 * no step shows (Finish could never pass), a wizard without steps or two steps of one key throw.
 */
export function wizardTable(defs: readonly WizardDef[], typeOf: (name: string) => ItemTypeDef | undefined): ReadonlyMap<string, WizardDef> {
  const table = new Map<string, WizardDef>();
  for (const def of defs) {
    const type = typeOf(def.type);
    if (!type) throw new Error(`The wizard of ${def.type} names a type no module registers`);
    if (table.has(def.type)) throw new Error(`${def.type} has two wizards`);
    if (def.steps.length === 0) throw new Error(`The wizard of ${def.type} has no steps`);
    const shown = new Set<string>();
    const keys = new Set<string>();
    for (const step of def.steps) {
      if (keys.has(step.key)) throw new Error(`The wizard of ${def.type} has two steps ${step.key}`);
      keys.add(step.key);
      for (const name of step.properties) {
        const property = Object.hasOwn(type.properties, name) ? type.properties[name] : undefined;
        if (!property) throw new Error(`Step ${step.key} of the wizard of ${def.type} names ${name}, which the type lacks`);
        if (property.readOnly) throw new Error(`Step ${step.key} of the wizard of ${def.type} names ${name}, which only the server sets`);
        if (shown.has(name)) throw new Error(`The wizard of ${def.type} shows ${name} twice`);
        shown.add(name);
      }
    }
    const unshown = Object.entries(type.properties).find(([name, p]) => p.required && !p.readOnly && !shown.has(name));
    if (unshown) throw new Error(`The wizard of ${def.type} shows ${unshown[0]} in no step, but it is required`);
    table.set(def.type, def);
  }
  return table;
}
