/** One entry of an item's timeline, as `timeline/{id}` answers it (oldest first). */
export interface TimelineEvent {
  kind: string;
  /** The item's update counter after this event. */
  u: number;
  ts: string;
  by: string | null;
  masquerader: string | null;
  /** The properties this event changed. */
  changed: string[];
}
