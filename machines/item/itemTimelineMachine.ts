/**
 * The timeline of one item (spec 000 §2 "/timeline"): asked with `timeline/{id}` when a view wants it,
 * and asked again whenever the item changes while it is shown. The request is an `operation` actor.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { failureOf, operationLogic } from '../session/operation';
import { toItemError, type ItemError } from './itemRequest';

export type { TimelineEvent };

export interface ItemTimelineContext {
  id: string;
  events: TimelineEvent[] | null;
  error: ItemError | null;
  /** The item changed while a request was out: its answer may already be old. */
  stale: boolean;
}

export type ItemTimelineEvent =
  /** A view shows the timeline: fetch it (again). */
  | { type: 'item.timelineRequested' }
  /** The item actor took a newer version of the item. */
  | { type: 'item.changed' };

const isTimelineEvent = (value: unknown): value is TimelineEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TimelineEvent).ts === 'string' &&
  Array.isArray((value as TimelineEvent).changed);

/** Fetches and keeps an item's timeline; idle until a view asks for it. */
export const itemTimelineMachine = setup({
  types: {
    context: {} as ItemTimelineContext,
    events: {} as ItemTimelineEvent,
    input: {} as { id: string },
  },
  actors: { operation: operationLogic },
  guards: {
    isStale: ({ context }) => context.stale,
  },
  actions: {
    clearStale: assign({ stale: false }),
    // Entries that are not timeline events are left out.
    storeEvents: assign((_, params: { output: unknown }) => ({
      events: Array.isArray(params.output) ? (params.output as unknown[]).filter(isTimelineEvent) : [],
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toItemError(failureOf(params.error)) })),
    markStale: assign({ stale: true }),
  },
}).createMachine({
  id: 'itemTimeline',
  context: ({ input }) => ({ id: input.id, events: null, error: null, stale: false }),
  initial: 'IDLE',
  states: {
    // Nobody has looked at the timeline: item changes cost nothing.
    IDLE: {
      on: { 'item.timelineRequested': 'LOADING' },
    },
    LOADING: {
      entry: 'clearStale',
      invoke: {
        id: 'timeline',
        src: 'operation',
        input: ({ context }) => callOf(operations.timeline, undefined, { id: context.id }),
        onDone: [
          // The item changed while the answer was on its way: show it, and ask once more.
          {
            guard: 'isStale',
            target: 'LOADING',
            reenter: true,
            actions: { type: 'storeEvents', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'READY', actions: { type: 'storeEvents', params: ({ event }) => ({ output: event.output }) } },
        ],
        onError: { target: 'FAILED', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'item.changed': { actions: 'markStale' },
      },
    },
    READY: {
      on: {
        'item.timelineRequested': 'LOADING',
        'item.changed': 'LOADING',
      },
    },
    FAILED: {
      on: { 'item.timelineRequested': 'LOADING' },
    },
  },
});

export type ItemTimelineActorRef = ActorRefFrom<typeof itemTimelineMachine>;
type Snapshot = SnapshotFrom<typeof itemTimelineMachine>;

/** The events once fetched (kept while a refresh runs), else null. */
export const selectTimelineEvents = (snapshot: Snapshot): TimelineEvent[] | null => snapshot.context.events;
/** Whether a request is out. */
export const selectTimelineLoading = (snapshot: Snapshot): boolean => snapshot.value === 'LOADING';
/** Why the last request failed. */
export const selectTimelineError = (snapshot: Snapshot): ItemError | null => (snapshot.value === 'FAILED' ? snapshot.context.error : null);
