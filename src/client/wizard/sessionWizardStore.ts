/** The tab's session storage as a wizard's store: it survives a reload of the tab and goes with the tab. */
import { memoryWizardStore, type WizardStore } from '../../../machines/wizard/wizardStore';

let fallback: WizardStore | null = null;

/** Session storage, or a store in memory where the browser refuses it (private modes throw on access). */
export function sessionWizardStore(): WizardStore {
  try {
    const storage = window.sessionStorage;
    storage.getItem('kk-wizard:probe');
    return {
      read: (key) => storage.getItem(key),
      write: (key, value) => {
        try {
          storage.setItem(key, value);
        } catch {
          // Full: the draft stays in the form, only a reload would lose it.
        }
      },
      remove: (key) => storage.removeItem(key),
    };
  } catch {
    return (fallback ??= memoryWizardStore());
  }
}
