import type { EventKindDef } from './EventKindDef';

/** The module name the core's own registrations go by, in error messages. */
export const CORE_EVENTS_OWNER = 'core';

/** The events the core writes for every item: its creation, changes, deletion and sharing. */
export const CORE_EVENT_KINDS: readonly EventKindDef[] = [
  { kind: 'created', description: 'events.created' },
  { kind: 'updated', description: 'events.updated' },
  { kind: 'deleted', description: 'events.deleted' },
  { kind: 'granted', description: 'events.granted' },
  { kind: 'revoked', description: 'events.revoked' },
];
