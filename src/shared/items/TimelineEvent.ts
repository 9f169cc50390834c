/** One entry of an item's timeline, as `timeline/{id}` answers it (oldest first). */
export interface TimelineEvent {
  kind: string;
  u: number;
  ts: string;
  by: string | null;
  masquerader: string | null;
  changed: string[];
}
