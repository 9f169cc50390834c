/**
 * One opened item (spec 000 §4 Watches, §6 item permissions): read once, watched while open, replaced
 * by the server's `item/update` pushes, its permissions asked once per action, and a refusal shown as
 * a redirect to sign-in (signed out) or as the error box with its system message. Every request is an
 * operation actor (machines/session/operation.ts): the read is invoked in LOADING, the watch spawned
 * in READY and stopped when READY is left, each permission question spawned as `allowed.<n>` and
 * stopped when its answers no longer belong to whoever is signed in.
 */
import { assign, enqueueActions, setup, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isItem } from '../../src/shared/items/isItem';
import type { Item } from '../../src/shared/items/types';
import { Push, UserMessage } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { selectActiveItemId } from '../router/routerSelectors';
import { failureOf, operationLogic } from '../session/operation';
import { getAlerts, getRouter } from '../systemIds';
import { toItemError, type ItemError } from './itemRequest';
import { itemNotifyMachine, type ItemNotifyActorRef, type ItemNotifyEvent } from './itemNotifyMachine';
import { itemRawSaveMachine, type ItemRawSaveActorRef, type ItemRawSaveEvent } from './itemRawSaveMachine';
import { itemTimelineMachine, type ItemTimelineActorRef } from './itemTimelineMachine';
import { unwatchOnStop } from './unwatchOnStop';

export type { ItemError } from './itemRequest';

export interface ItemInput {
  /** `Type-index`. */
  id: string;
}

export interface ItemContext {
  id: string;
  item: Item | null;
  /** Answers of `act/isAllowed`, per action. */
  allowed: Record<string, boolean>;
  applyGrants: boolean | null;
  /** Questions on their way: the id of each `act/isAllowed` actor (`allowed.<n>`) with the actions it asks. */
  asking: Record<string, string[]>;
  /** Numbers the questions' actors. */
  asked: number;
  signedIn: boolean | null;
  error: ItemError | null;
}

export type ItemEvent =
  /** A view needs these permissions; each action is asked of the server at most once. */
  | { type: 'item.allowedAsked'; actions: string[] }
  /** The item as this client's own save answered it: no serverUpdated alert for our own change. */
  | { type: 'item.saved'; item: Item }
  | { type: 'item.retryRequested' }
  /** The timeline view opened (or wants a refresh); handled by the `timeline` child. */
  | { type: 'item.timelineRequested' }
  /** Notification settings and raw edit, handled by the `notify` and `rawSave` children. */
  | ItemNotifyEvent
  | ItemRawSaveEvent
  | SessionWatchEvent
  /** The answers of the spawned requests: the watch and each permission question (`allowed.<n>`). */
  | { type: 'xstate.done.actor.watch'; actorId: string; output: unknown }
  | { type: 'xstate.error.actor.watch'; actorId: string; error: unknown }
  | { type: `xstate.done.actor.allowed.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.allowed.${string}`; actorId: string; error: unknown };

/** Ids of the children that own the timeline, the notification preference and the raw edit. */
export const ChildId = { timeline: 'timeline', notify: 'notify', rawSave: 'rawSave' } as const;
/** The request actor of the watch READY keeps (`addWatch/{id}/{_u}`); its answers are `xstate.*.actor.watch`. */
const WATCH_ID = 'watch';

const isNewer = (current: Item | null, next: Item): boolean =>
  !current || next._u > current._u || (next.$deleted === true && !current.$deleted);
/** The context without one question on its way. */
const withoutQuestion = (asking: Record<string, string[]>, actorId: string): Record<string, string[]> =>
  Object.fromEntries(Object.entries(asking).filter(([id]) => id !== actorId));

// Signed out (or blocked) under an open item: read it again as a visitor; a refusal then goes to sign-in.
// Re-entering LOADING stops a read still on its way, whose answer was meant for the user who left.
const readAgainOnSignOut = {
  guard: 'isSignOut',
  target: '#item.LOADING',
  reenter: true,
  actions: ['setSignedIn', 'forgetAllowed'],
} as const;

/** An opened item: read, watch, live replacement, cached permissions, notAllowed handling. */
export const itemMachine = setup({
  types: {
    context: {} as ItemContext,
    events: {} as ItemEvent,
    input: {} as ItemInput,
  },
  actors: {
    sessionWatch,
    unwatchOnStop,
    operation: operationLogic,
    timeline: itemTimelineMachine,
    notify: itemNotifyMachine,
    rawSave: itemRawSaveMachine,
  },
  guards: {
    isItemOutput: (_, params: { output: unknown }) => isItem(params.output),
    isSignedOutRefusal: ({ context }, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return context.signedIn === false && failure.kind === 'server' && failure.userMessage === UserMessage.notAllowed;
    },
    isNewerOutput: ({ context }, params: { output: unknown }) => isItem(params.output) && isNewer(context.item, params.output),
    isUpdatePush: ({ context, event }) =>
      event.type === 'session.pushed' &&
      event.frame.o === Push.itemUpdate &&
      isItem(event.frame.b) &&
      event.frame.b.$id === context.id &&
      isNewer(context.item, event.frame.b),
    isReconnected: ({ event }) => event.type === 'session.pushed' && event.frame.o === Push.authed,
    isSignOut: ({ context, event }) => event.type === 'session.authChanged' && context.signedIn === true && event.signedIn === false,
    isThisDeleted: ({ context, event }) => event.type === 'session.itemDeleted' && event.id.split('-').slice(0, 2).join('-') === context.id,
    isNewerSaved: ({ context, event }) => event.type === 'item.saved' && isNewer(context.item, event.item),
  },
  actions: {
    storeItem: assign((_, params: { output: unknown }) => (isItem(params.output) ? { item: params.output, error: null } : {})),
    // A read answered with something that is not an item would otherwise leave the view loading for ever.
    storeEmpty: assign({ error: { userMessage: 'errors.emptyResponse' } }),
    storePushed: assign(({ event }) => (event.type === 'session.pushed' && isItem(event.frame.b) ? { item: event.frame.b } : {})),
    storeSaved: assign(({ event }) => (event.type === 'item.saved' ? { item: event.item } : {})),
    // The children read nothing of the item: they are told what concerns them.
    tellTimeline: enqueueActions(({ enqueue }) => enqueue.sendTo(ChildId.timeline, { type: 'item.changed' })),
    forwardTimeline: enqueueActions(({ enqueue }) => enqueue.sendTo(ChildId.timeline, { type: 'item.timelineRequested' })),
    forwardNotify: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'item.notifyRequested' || event.type === 'item.notifySet') enqueue.sendTo(ChildId.notify, event);
    }),
    forwardRawSave: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'item.rawEditOpened' || event.type === 'item.rawSaved') enqueue.sendTo(ChildId.rawSave, event);
    }),
    markDeleted: assign(({ context }) => (context.item ? { item: { ...context.item, $deleted: true } } : {})),
    // Spawned, not invoked, so that READY's own transitions (pushes, saves) leave it running.
    watch: enqueueActions(({ context, enqueue }) => {
      if (!context.item) return;
      enqueue.spawnChild('operation', {
        id: WATCH_ID,
        input: callOf(operations.addWatchAt, undefined, { id: context.id, u: context.item._u }),
      });
      enqueue.sendTo('unwatch', { type: 'item.watchAdded' });
    }),
    stopWatch: stopChild(WATCH_ID),
    alertIfFocused: enqueueActions(({ context, event, enqueue, system }) => {
      const router = getRouter(system);
      const alerts = getAlerts(system);
      // A change this tab made itself (a panel's operation, such as a workflow step) is no news here.
      if (event.type === 'session.pushed' && event.frame.own === true) return;
      if (router && alerts && selectActiveItemId(router.getSnapshot()) === context.id) {
        enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'INFO', message: 'app.serverUpdated' } });
      }
    }),
    setError: assign((_, params: { error: unknown }) => ({ error: toItemError(failureOf(params.error)) })),
    clearError: assign({ error: null }),
    // Permission answers belong to the user who asked; so do the questions still on their way, stopped unheard.
    forgetAllowed: enqueueActions(({ context, enqueue }) => {
      for (const actorId of Object.keys(context.asking)) enqueue.stopChild(actorId);
      enqueue.assign({ allowed: {}, applyGrants: null, asking: {} });
    }),
    requestSignIn: enqueueActions(({ enqueue, system }) => {
      const router = getRouter(system);
      if (router) enqueue.sendTo(router, { type: 'router.signInRequired' });
    }),
    setSignedIn: assign(({ event }) => (event.type === 'session.authChanged' ? { signedIn: event.signedIn } : {})),
    askAllowed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'item.allowedAsked') return;
      const pending = new Set(Object.values(context.asking).flat());
      const missing = [...new Set(event.actions)].filter((action) => !(action in context.allowed) && !pending.has(action));
      if (missing.length === 0) return;
      const asked = context.asked + 1;
      const actorId = `allowed.${asked}`;
      enqueue.assign({ asked, asking: { ...context.asking, [actorId]: missing } });
      enqueue.spawnChild('operation', { id: actorId, input: callOf(operations.isAllowed, { id: context.id, actions: missing }) });
    }),
    // An answer is kept for the item's life (or until the caches are dropped, which stops the questions before).
    cacheAllowed: enqueueActions(({ context, enqueue }, params: { actorId: string; output: unknown }) => {
      enqueue.stopChild(params.actorId);
      const actions = context.asking[params.actorId];
      if (!actions) return;
      const body = params.output as { allowed?: Record<string, unknown>; applyGrants?: unknown } | null | undefined;
      const answers = Object.fromEntries(actions.map((action) => [action, body?.allowed?.[action] === true]));
      enqueue.assign({
        asking: withoutQuestion(context.asking, params.actorId),
        allowed: { ...context.allowed, ...answers },
        applyGrants: typeof body?.applyGrants === 'boolean' ? body.applyGrants : context.applyGrants,
      });
    }),
    // A failed question is forgotten, so that it can be asked again.
    forgetQuestion: enqueueActions(({ context, enqueue }, params: { actorId: string }) => {
      enqueue.stopChild(params.actorId);
      enqueue.assign({ asking: withoutQuestion(context.asking, params.actorId) });
    }),
  },
}).createMachine({
  id: 'item',
  context: ({ input }) => ({ id: input.id, item: null, allowed: {}, applyGrants: null, asking: {}, asked: 0, signedIn: null, error: null }),
  invoke: [
    { src: 'sessionWatch', input: { auth: true, pushes: true, deletions: true, caches: true } },
    { id: 'unwatch', src: 'unwatchOnStop', input: ({ context }) => ({ id: context.id }) },
    { id: ChildId.timeline, src: 'timeline', input: ({ context }) => ({ id: context.id }) },
    { id: ChildId.notify, src: 'notify', input: ({ context }) => ({ id: context.id }) },
    { id: ChildId.rawSave, src: 'rawSave' },
  ],
  on: {
    'session.authChanged': { actions: 'setSignedIn' },
    // The item itself is read again when the sign-out reaches the router and this actor (LOADING's and
    // READY's session.authChanged); its permission answers go now, before the next user can be asked for them.
    'session.cachesDropped': { actions: 'forgetAllowed' },
    'session.itemDeleted': { guard: 'isThisDeleted', actions: 'markDeleted' },
    'item.allowedAsked': { actions: 'askAllowed' },
    'item.timelineRequested': { actions: 'forwardTimeline' },
    'item.notifyRequested': { actions: 'forwardNotify' },
    'item.notifySet': { actions: 'forwardNotify' },
    'item.rawEditOpened': { actions: 'forwardRawSave' },
    'item.rawSaved': { actions: 'forwardRawSave' },
    'xstate.done.actor.allowed.*': {
      actions: { type: 'cacheAllowed', params: ({ event }) => ({ actorId: event.actorId, output: event.output }) },
    },
    'xstate.error.actor.allowed.*': { actions: { type: 'forgetQuestion', params: ({ event }) => ({ actorId: event.actorId }) } },
  },
  initial: 'LOADING',
  states: {
    LOADING: {
      invoke: {
        id: 'read',
        src: 'operation',
        input: ({ context }) => callOf(operations.read, undefined, { id: context.id }),
        onDone: [
          {
            guard: { type: 'isItemOutput', params: ({ event }) => ({ output: event.output }) },
            target: 'READY',
            actions: { type: 'storeItem', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'FAILED', actions: 'storeEmpty' },
        ],
        onError: [
          {
            guard: { type: 'isSignedOutRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'SIGN_IN_REQUIRED',
            actions: 'requestSignIn',
          },
          { target: 'FAILED', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: { 'session.authChanged': readAgainOnSignOut },
    },
    READY: {
      entry: 'watch',
      exit: 'stopWatch',
      on: {
        'session.authChanged': readAgainOnSignOut,
        // The watch answers the current item when ours was stale, else null.
        'xstate.done.actor.watch': [
          {
            guard: { type: 'isNewerOutput', params: ({ event }) => ({ output: event.output }) },
            actions: [
              'stopWatch',
              { type: 'storeItem', params: ({ event }) => ({ output: event.output }) },
              'alertIfFocused',
              'tellTimeline',
            ],
          },
          { actions: 'stopWatch' },
        ],
        // The watch may still be registered on the server; the pushes will tell if it is.
        'xstate.error.actor.watch': { actions: 'stopWatch' },
        'session.pushed': [
          { guard: 'isUpdatePush', actions: ['storePushed', 'alertIfFocused', 'tellTimeline'] },
          // A new socket (a reconnection: `authed` again) has no watches: watch again from the version
          // shown, and the watch answers what changed while the connection was away.
          { guard: 'isReconnected', target: 'READY', reenter: true },
        ],
        'item.saved': { guard: 'isNewerSaved', actions: ['storeSaved', 'tellTimeline'] },
      },
    },
    // The router sends the visitor to /sign-in?next=...; nothing to show meanwhile.
    SIGN_IN_REQUIRED: {},
    FAILED: {
      on: { 'item.retryRequested': { target: 'LOADING', actions: 'clearError' } },
    },
  },
});

export type ItemSnapshot = SnapshotFrom<typeof itemMachine>;
export type ItemActorRef = ActorRefFrom<typeof itemMachine>;

/** The item, once read. */
export const selectItem = (snapshot: ItemSnapshot): Item | null => snapshot.context.item;
/** What the warning box shows, with the system message for its details dialog. */
export const selectItemError = (snapshot: ItemSnapshot): ItemError | null => snapshot.context.error;
/** Whether the item was deleted (by a task or elsewhere). */
export const selectDeleted = (snapshot: ItemSnapshot): boolean => snapshot.context.item?.$deleted === true;
/** The cached answer for one action: undefined until the server answered. */
export const isActionAllowed = (snapshot: ItemSnapshot, action: string): boolean | undefined => snapshot.context.allowed[action];
/** The child that keeps the timeline. */
export const selectTimelineActor = (snapshot: ItemSnapshot): ItemTimelineActorRef =>
  snapshot.children[ChildId.timeline] as ItemTimelineActorRef;
/** The child that reads and writes the notification preference. */
export const selectNotifyActor = (snapshot: ItemSnapshot): ItemNotifyActorRef => snapshot.children[ChildId.notify] as ItemNotifyActorRef;
/** The child that sends raw edits. */
export const selectRawSaveActor = (snapshot: ItemSnapshot): ItemRawSaveActorRef =>
  snapshot.children[ChildId.rawSave] as ItemRawSaveActorRef;
