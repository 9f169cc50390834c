/**
 * The timeline of one item (spec 000 §2 "/timeline"): asked with `timeline/{id}` when a view wants it,
 * and asked again whenever the item changes while it is shown.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ConnectionReplyEvent } from '../session/pendingRequests';
import { getConnection } from '../systemIds';
import { answers, toItemError, type ItemError } from './itemRequest';
import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';

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
  | { type: 'item.changed' }
  | ConnectionReplyEvent;

const TICKET = 'timeline';

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
  guards: {
    isAnswer: ({ event }) => answers(event, TICKET) && event.type === 'connection.replied',
    isFailure: ({ event }) => answers(event, TICKET) && event.type === 'connection.failed',
    isStaleAnswer: ({ context, event }) => context.stale && answers(event, TICKET) && event.type === 'connection.replied',
  },
  actions: {
    sendTimeline: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      enqueue.assign({ stale: false });
      if (connection)
        enqueue.sendTo(connection, { type: 'connection.send', frame: { o: `timeline/${context.id}` }, ticket: TICKET, replyTo: self });
    }),
    storeEvents: assign(({ event }) => {
      const body = event.type === 'connection.replied' ? event.frame.b : undefined;
      return { events: Array.isArray(body) ? body.filter(isTimelineEvent) : [], error: null };
    }),
    storeError: assign(({ event }) => (event.type === 'connection.failed' ? { error: toItemError(event.failure) } : {})),
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
      entry: 'sendTimeline',
      on: {
        'item.changed': { actions: 'markStale' },
        'connection.replied': [
          { guard: 'isStaleAnswer', target: 'LOADING', reenter: true, actions: 'storeEvents' },
          { guard: 'isAnswer', target: 'READY', actions: 'storeEvents' },
        ],
        'connection.failed': { guard: 'isFailure', target: 'FAILED', actions: 'storeError' },
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
