import type { Migration } from './Migration';

/**
 * Domain events (spec 001 §3 "Event: kind, context, subContext, also"): the item an event is about
 * stays `item_id` (its context); an event may also name a part of it (`sub_context`), other items it
 * concerns (`also`, so an item's timeline can list what concerns it), and a transition's states.
 * Events written before keep NULLs and an empty `also`: they were none of these.
 */
export const m010: Migration = {
  id: 10,
  name: 'domain events: subContext, also, from and to states',
  sql: `
    ALTER TABLE events ADD COLUMN sub_context text;
    ALTER TABLE events ADD COLUMN also text[] NOT NULL DEFAULT '{}';
    ALTER TABLE events ADD COLUMN from_state text;
    ALTER TABLE events ADD COLUMN to_state text;
    CREATE INDEX events_also ON events USING gin (also);
  `,
};
