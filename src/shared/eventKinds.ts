import { modules } from '../modules';
import { CORE_EVENT_KINDS, CORE_EVENTS_OWNER } from './events/coreEventKinds';
import { eventKindTable, type RegisteredEventKind } from './events/eventKindTable';
import { lazy } from './lazy';

/** The core's event kinds and every module's, built now: the server calls it at start, so a kind registered twice stops it. */
export const buildEventKinds = (): ReadonlyMap<string, RegisteredEventKind> =>
  eventKindTable([{ name: CORE_EVENTS_OWNER, eventKinds: CORE_EVENT_KINDS }, ...modules]);

/** The registered event kinds, built the first time a screen describes an event. */
export const eventKinds: () => ReadonlyMap<string, RegisteredEventKind> = lazy(buildEventKinds);
