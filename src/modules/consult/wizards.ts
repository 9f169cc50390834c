/** The consultation module's step wizards: a proponent's intake of a consultation. */
import type { WizardDef } from '../../shared/items/wizards';

export const consultWizards: readonly WizardDef[] = [];

/** The English labels of the entries above (shown by the core before the module's screens load). */
export const wizardLabels: Readonly<Record<string, string>> = {};
