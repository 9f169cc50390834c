/**
 * The transitions of an item's state (docs/modules.md "States only the server changes"): one
 * `transition/{id}` at a time, sent through the request helper; the answered item goes to the item
 * actor as its own change (no serverUpdated alert), a refusal stays here for the panel to show. The
 * panel offers only what the shared chart allows; the server decides again regardless.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isItem } from '../../src/shared/items/isItem';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import type { ConnectionActorRef } from '../systemIds';
import { connectionOperationLogic, failureOf } from '../session/operation';
import { toItemError, type ItemError } from './itemRequest';
import type { ItemActorRef } from './itemMachine';

export interface ItemStateInput {
  /** `Type-index` of the item. */
  id: string;
  /** The session's connection: the panel's actor runs outside the session's system. */
  connection: ConnectionActorRef | null;
  /** The item actor told of the moved item; none in tests that only watch the requests. */
  item: ItemActorRef | null;
}

export interface ItemStateContext extends ItemStateInput {
  /** The transition on its way, and the `_u` it was asked from. */
  sending: { event: string; u: number } | null;
  /** Why the last transition was refused. */
  error: ItemError | null;
}

export type ItemStateEvent =
  /** A transition's button was pressed, on the item at `_u` `u`. */
  | { type: 'itemState.transitionRequested'; event: string; u: number }
  /** The refusal was read. */
  | { type: 'itemState.errorDismissed' };

/** IDLE (buttons offered) or SENDING (one transition on its way). */
export const itemStateMachine = setup({
  types: {
    context: {} as ItemStateContext,
    events: {} as ItemStateEvent,
    input: {} as ItemStateInput,
  },
  actors: { operation: connectionOperationLogic },
  guards: {
    isItemOutput: (_, params: { output: unknown }) => isItem(params.output),
  },
  actions: {
    keepSending: assign(({ event }) =>
      event.type === 'itemState.transitionRequested' ? { sending: { event: event.event, u: event.u }, error: null } : {},
    ),
    // The item actor keeps it only if newer, so the push that follows raises no alert for our own step.
    tellItem: enqueueActions(({ context, enqueue }, params: { output: unknown }) => {
      if (context.item && isItem(params.output)) enqueue.sendTo(context.item, { type: 'item.saved', item: params.output });
    }),
    done: assign({ sending: null }),
    storeEmpty: assign({ sending: null, error: { userMessage: 'errors.emptyResponse' } }),
    storeError: assign((_, params: { error: unknown }) => ({ sending: null, error: toItemError(failureOf(params.error)) })),
    forget: assign({ error: null }),
  },
}).createMachine({
  id: 'itemState',
  context: ({ input }) => ({ ...input, sending: null, error: null }),
  initial: 'IDLE',
  states: {
    IDLE: {
      on: {
        'itemState.transitionRequested': { target: 'SENDING', actions: 'keepSending' },
        'itemState.errorDismissed': { actions: 'forget' },
      },
    },
    SENDING: {
      invoke: {
        id: 'transition',
        src: 'operation',
        input: ({ context }) => ({
          call: callOf(operations.transition, { event: context.sending?.event ?? '', _u: context.sending?.u ?? 0 }, { id: context.id }),
          connection: context.connection,
        }),
        onDone: [
          {
            guard: { type: 'isItemOutput', params: ({ event }) => ({ output: event.output }) },
            target: 'IDLE',
            actions: [{ type: 'tellItem', params: ({ event }) => ({ output: event.output }) }, 'done'],
          },
          { target: 'IDLE', actions: 'storeEmpty' },
        ],
        onError: { target: 'IDLE', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type ItemStateActorRef = ActorRefFrom<typeof itemStateMachine>;
type Snapshot = SnapshotFrom<typeof itemStateMachine>;

/** The transition on its way, if any (its button shows busy, the others wait). */
export const selectSendingTransition = (snapshot: Snapshot): string | null => snapshot.context.sending?.event ?? null;
/** Why the last transition was refused. */
export const selectTransitionError = (snapshot: Snapshot): ItemError | null => snapshot.context.error;
