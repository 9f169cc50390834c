/** What an event may name beyond the item it is about (its context). */
export type EventPart = 'subContext' | 'also' | 'states';

/**
 * One kind of event a module (or the core) writes into an item's timeline (spec 001 §3 "Event: kind,
 * context, subContext, also, description"): its message key says it to a person, with the labels of
 * the items it names, the from and to states, who did it and when.
 */
export interface EventKindDef {
  /** Unique across the core and every module; a state transition's is `state.<event>`. */
  kind: string;
  /** Message key of the sentence; it may use {context}, {by}, {date} and the values of `uses`. */
  description: string;
  /** Which of {subContext}, {also} (a list of labels) and {from}/{to} (state labels) it fills. */
  uses?: readonly EventPart[];
}

/** Kinds kept from the platform this one replaced (spec 000 §8): shown by a fallback text when unregistered. */
export const CKK1_PREFIX = 'CKK1_';

/** The kind a transition of a state chart writes for its event. */
export const transitionKind = (event: string): string => `state.${event}`;

/** Whether a kind is a transition's, registered or not. */
export const isTransitionKind = (kind: string): boolean => kind.startsWith('state.');

/** `CKK1_MEETING_SCHEDULED` -> `meeting scheduled`, `state.entry.submit` -> `entry submit`: a kind made readable for the fallback texts. */
export const readableKind = (kind: string): string =>
  kind
    .slice(kind.startsWith(CKK1_PREFIX) ? CKK1_PREFIX.length : isTransitionKind(kind) ? 'state.'.length : 0)
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
