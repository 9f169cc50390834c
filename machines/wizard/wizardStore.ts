/**
 * Where a wizard keeps what was entered and not yet saved, so that a reload finds it: one entry per
 * signed-in user and item (`JournalEntry-0` while creating), in a version the wizard can check.
 */
import type { ItemData } from '../../src/shared/items/types';

/** The storage a wizard writes to (the tab's session storage in the browser, a map in tests). */
export interface WizardStore {
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
}

/** The version of what is kept: an entry of another version is ignored. */
export const WIZARD_STORE_VERSION = 1;

/** The entry of `userId`'s wizard over item `itemId`. */
export const wizardStoreKey = (userId: string, itemId: string): string => `kk-wizard:${userId}:${itemId}`;

/** The entry as written. */
export const wizardEntry = (draft: ItemData): string => JSON.stringify({ v: WIZARD_STORE_VERSION, draft });

/** The draft kept in an entry, or null for none, another version or anything unreadable. */
export function draftOfEntry(value: string | null): ItemData | null {
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as { v?: unknown; draft?: unknown };
    const { draft } = parsed;
    return parsed.v === WIZARD_STORE_VERSION && typeof draft === 'object' && draft !== null && !Array.isArray(draft)
      ? (draft as ItemData)
      : null;
  } catch {
    return null;
  }
}

/** A store in memory (tests, and a browser whose session storage refuses). */
export function memoryWizardStore(): WizardStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    read: (key) => entries.get(key) ?? null,
    write: (key, value) => void entries.set(key, value),
    remove: (key) => void entries.delete(key),
  };
}
