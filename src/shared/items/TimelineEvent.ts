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
  /** The item the event is about (absent in answers of servers before domain events). */
  context?: string;
  /** A part of the context it concerns (a step, a message...), when its kind uses one. */
  subContext?: string | null;
  /** Other items it concerns. */
  also?: string[];
  /** A transition's state before and after. */
  from?: string | null;
  to?: string | null;
  /** Labels of the items the event names that the reader may read (who did it, subContext, also). */
  labels?: Record<string, string>;
}
