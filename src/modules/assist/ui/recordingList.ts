/**
 * The recordings of this tab's help sessions, as the widget lists them: saving, saved (the
 * Attachment's id, to open and delete) or failed. A small store outside the actors because a
 * recording's upload outlives the recording chart's Recording state (it starts when recording stops).
 */
export interface RecordingEntry {
  key: number;
  name: string;
  status: 'saving' | 'saved' | 'failed' | 'deleted';
  /** The Attachment item, once saved. */
  id?: string;
}

let entries: readonly RecordingEntry[] = [];
let next = 1;
const listeners = new Set<() => void>();
const changed = (): void => listeners.forEach((l) => l());

export const recordingList = {
  add(name: string): number {
    const key = next++;
    entries = [...entries, { key, name, status: 'saving' }];
    changed();
    return key;
  },
  update(key: number, change: Partial<Omit<RecordingEntry, 'key'>>): void {
    entries = entries.map((e) => (e.key === key ? { ...e, ...change } : e));
    changed();
  },
  /** The Attachment was deleted elsewhere (on the user's record): this tab's entry says so too. */
  deleted(id: string): void {
    if (!entries.some((e) => e.id === id && e.status === 'saved')) return;
    entries = entries.map((e) => (e.id === id && e.status === 'saved' ? { ...e, status: 'deleted' } : e));
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): readonly RecordingEntry[] => entries,
};
