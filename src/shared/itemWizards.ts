import { modules } from '../modules';
import { itemTypes } from './itemTypes';
import { lazy } from './lazy';
import { wizardTable, type WizardDef } from './items/wizards';

/** Every module's step wizards by type name (docs/modules.md "Step wizards"), checked against the types when first asked for. */
export const itemWizards: () => ReadonlyMap<string, WizardDef> = lazy(() =>
  wizardTable(
    modules.flatMap((m) => m.wizards ?? []),
    (name) => itemTypes.get(name),
  ),
);

/** The wizard of a type, if its module declares one. */
export const wizardOf = (typeName: string): WizardDef | undefined => itemWizards().get(typeName);
