/** The consultation module's step wizards: a proponent's intake of a consultation. */
import type { WizardDef } from '../../shared/items/wizards';

export const consultWizards: readonly WizardDef[] = [];
