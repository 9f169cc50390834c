/**
 * The router (spec 000 §2): the location wouter supplies becomes columns, one spawned cell actor each.
 * INIT waits for the first location and for the start-up answer "signed in or not"; APPLY_FOCUS
 * applies a location (a path's locale moved into ?lang, access rule, legacy paths, deeper cells asked to close); ACTIVE_CHANGED
 * announces a new focused column; READY shows the columns. Sign-out is a location too: /sign-out is
 * applied like any other (every open column asked to close, a dirty one refusing), and only once it
 * shows does the router ask auth to sign out (spec 000 §2 "closes open work, then /sign-out").
 */
import { assign, emit, enqueueActions, setup, stopChild, type ActorRefFrom } from 'xstate';
import { getAuth } from '../systemIds';
import { accessRedirect, LEGACY_LOGIN_PATH, SIGN_IN_PATH, SIGN_OUT_VIEW } from './accessRule';
import { cellMachine, type CellReply } from './cellMachine';
import { cellId, diffCells } from './cellDiff';
import { withColumnParams } from './columnParams';
import { formatLocation, fullPath, openAfter, truncateLocation, withQueryLocale, withRouteParam } from './formatLocation';
import { legacyPathLogic } from './legacyPathLogic';
import { parseLocation, type CellSpec, type ParsedLocation } from './parseLocation';
import { sessionWatch, type SessionWatchEvent } from './sessionWatch';
import { stripItemParams } from './stripItemParams';
import { CORE_VIEWS, type ViewRegistry } from './views';

/** How the router changes the browser's location; the React side implements it with wouter. */
export interface RouterEffects {
  navigate(to: string, options: { replace: boolean }): void;
  /** Opens a link in a new tab (modifier-click). */
  openTab(href: string): void;
}

export interface RouterInput {
  effects: RouterEffects;
  /** siteConfig.migratedFromCKK1: unknown paths may be old paths of the previous platform. */
  migratedFromCKK1: boolean;
  views?: ViewRegistry;
  now?: () => number;
}

export type CellRef = ActorRefFrom<typeof cellMachine>;
/** An open column: where it came from and its actor. */
export interface RouterCell {
  spec: CellSpec;
  ref: CellRef;
}

/** A round of close questions: which cells, their answers, and what follows. */
interface Closing {
  ids: string[];
  answers: Record<string, boolean>;
  /** Where to go once every cell agreed; null applies the pending location. */
  then: string | null;
}

export interface RouterContext {
  effects: RouterEffects;
  migrated: boolean;
  views: ViewRegistry;
  now: () => number;
  /** null until the start-up question "signed in or not" is answered. */
  signedIn: boolean | null;
  /** The location the columns show. */
  location: ParsedLocation | null;
  /** The location being applied. */
  pending: ParsedLocation | null;
  cells: RouterCell[];
  activeKey: string | null;
  closing: Closing | null;
}

export type RouterEvent =
  /** The browser's location, from wouter. */
  | { type: 'router.locationChanged'; path: string; search: string }
  /** Focus a column: deeper columns close, each asked to validate first. */
  | { type: 'router.focusRequested'; key: string }
  /** The close button of a column: it and the deeper ones close. */
  | { type: 'router.closeRequested'; key: string }
  /** A link inside column `fromKey` opens `segment` in the next column. */
  | { type: 'router.opened'; fromKey: string; segment: string }
  /** A column's route parameter (`c{index}`), e.g. a step wizard's `current-furthest`. */
  | { type: 'router.paramSet'; key: string; param: string | null }
  /** Sets a column's sub-parameters (`c{index}.{name}`, columnParams.ts), e.g. the facets of its results. */
  | { type: 'router.columnParamsSet'; key: string; params: ReadonlyArray<readonly [string, string]> }
  | { type: 'router.linkFollowed'; href: string; newTab: boolean }
  /** An item refused with notAllowed while signed out (spec 000 §2 Access rule). */
  | { type: 'router.signInRequired' }
  | CellReply
  | SessionWatchEvent;

export type RouterEmitted = { type: 'router.activeChanged'; key: string | null; itemId: string | null };

// Tasks may name an item by a longer id; the first two parts are the item.
const sameItem = (a: string | undefined, b: string): boolean =>
  a !== undefined && a.split('-').slice(0, 2).join('-') === b.split('-').slice(0, 2).join('-');
const parseHref = (href: string, views: ViewRegistry): ParsedLocation => {
  const at = href.indexOf('?');
  return at < 0 ? parseLocation(href, '', views) : parseLocation(href.slice(0, at), href.slice(at + 1), views);
};
const keyIndex = (context: RouterContext, key: string): number => context.cells.findIndex((cell) => cell.spec.key === key);
const lastKey = (context: RouterContext): string | null => context.cells[context.cells.length - 1]?.spec.key ?? null;
/** Closing every column from `from` on, then showing what is left (home when nothing is). */
const closeFrom = (context: RouterContext, from: number): { from: number; then: string } => ({
  from,
  then: context.location && from > 0 ? truncateLocation(context.location, from) : '/',
});
const closingIds = (context: RouterContext, from: number): string[] => context.cells.slice(from).map((cell) => cellId(cell.spec));

/** Location to columns, access rule, legacy paths, close gates across columns, focus. */
export const routerMachine = setup({
  types: {
    context: {} as RouterContext,
    events: {} as RouterEvent,
    input: {} as RouterInput,
    emitted: {} as RouterEmitted,
  },
  actors: { cell: cellMachine, lookUpLegacyPath: legacyPathLogic, sessionWatch },
  guards: {
    canStart: ({ context }) => context.pending !== null && context.signedIn !== null,
    isSettled: ({ event }) => event.type === 'session.authChanged' && event.signedIn !== null,
    hasPathLocale: ({ context }) => context.pending?.pathLocale != null,
    isLegacyLogin: ({ context }) => context.migrated && context.pending?.path.replace(/\/$/, '') === LEGACY_LOGIN_PATH,
    isHomeAlias: ({ context }) => /^\/home\/?$/.test(context.pending?.path ?? ''),
    needsSignIn: ({ context }) =>
      context.pending !== null && accessRedirect(context.pending, context.signedIn === true, context.views) !== null,
    isLegacyCandidate: ({ context }) => context.migrated && context.pending?.invalidKey != null,
    // Signed out, work cannot be saved any more: the columns close without asking (no redirect loop).
    hasCellsToClose: ({ context }) =>
      context.signedIn === true &&
      context.pending !== null &&
      diffCells(
        context.cells.map((c) => c.spec),
        context.pending.cells,
      ).removed.length > 0,
    isRefused: ({ context }) => Object.values(context.closing?.answers ?? {}).includes(false),
    isAgreedThenGo: ({ context }) =>
      !!context.closing && context.closing.then !== null && context.closing.ids.every((id) => context.closing?.answers[id]),
    isAgreed: ({ context }) => !!context.closing && context.closing.ids.every((id) => context.closing?.answers[id]),
    isActiveChanged: ({ context }) => lastKey(context) !== context.activeKey,
    // /sign-out is shown only once every column agreed to close, so no unsaved work is lost by signing out.
    isSignOutShown: ({ context }) => context.signedIn === true && context.location?.cells[0]?.key === SIGN_OUT_VIEW,
    closesCells: ({ context, event }) =>
      (event.type === 'router.focusRequested' || event.type === 'router.closeRequested') &&
      keyIndex(context, event.key) >= 0 &&
      keyIndex(context, event.key) + (event.type === 'router.focusRequested' ? 1 : 0) < context.cells.length,
    hasDeletedCell: ({ context, event }) =>
      event.type === 'session.itemDeleted' && context.cells.some((cell) => sameItem(cell.spec.itemId, event.id)),
    isKnownCell: ({ context, event }) =>
      (event.type === 'router.opened' && keyIndex(context, event.fromKey) >= 0) ||
      ((event.type === 'router.paramSet' || event.type === 'router.columnParamsSet') && keyIndex(context, event.key) >= 0),
  },
  actions: {
    setPending: assign(({ context, event }) =>
      event.type === 'router.locationChanged' ? { pending: parseLocation(event.path, event.search, context.views) } : {},
    ),
    reapply: assign(({ context }) => ({ pending: context.pending ?? context.location })),
    setSignedIn: assign(({ event }) => (event.type === 'session.authChanged' ? { signedIn: event.signedIn } : {})),
    navigate: ({ context }, params: { to: string; replace: boolean }) => context.effects.navigate(params.to, { replace: params.replace }),
    redirectToSignIn: ({ context }) => {
      const to = context.pending && accessRedirect(context.pending, false, context.views);
      if (to) context.effects.navigate(to, { replace: true });
    },
    goHome: ({ context }) =>
      context.effects.navigate(formatLocation([{ segments: ['home'] }], context.pending?.query ?? []), { replace: true }),
    moveLocaleToQuery: ({ context }) => {
      if (context.pending) context.effects.navigate(withQueryLocale(context.pending), { replace: true });
    },
    startClosing: assign(({ context }, params: { from: number; then: string | null }) => ({
      closing: { ids: closingIds(context, params.from), answers: {}, then: params.then },
    })),
    startApplyClosing: assign(({ context }) => {
      const removed = diffCells(
        context.cells.map((c) => c.spec),
        context.pending?.cells ?? [],
      ).removed;
      return { closing: { ids: removed.map(cellId), answers: {}, then: null } };
    }),
    askToClose: enqueueActions(({ context, enqueue }) => {
      for (const cell of context.cells)
        if (context.closing?.ids.includes(cellId(cell.spec))) enqueue.sendTo(cell.ref, { type: 'cell.closeRequested' });
    }),
    recordAnswer: assign(({ context, event }) =>
      event.type === 'cell.closeAnswered' && context.closing
        ? { closing: { ...context.closing, answers: { ...context.closing.answers, [cellId(event)]: event.ok } } }
        : {},
    ),
    // A refused close of a location change puts the shown location back in the address bar.
    restoreLocation: ({ context }) => {
      if (context.closing?.then === null && context.location) context.effects.navigate(fullPath(context.location), { replace: true });
    },
    endClosing: assign({ closing: null, pending: null }),
    closeAgreed: enqueueActions(({ context, enqueue }) => {
      const ids = context.closing?.ids ?? [];
      for (const cell of context.cells) if (ids.includes(cellId(cell.spec))) enqueue(stopChild(cell.ref));
      const then = context.closing?.then;
      enqueue.assign({
        cells: context.cells.filter((cell) => !ids.includes(cellId(cell.spec))),
        location: then ? parseHref(then, context.views) : context.location,
      });
      if (then) enqueue(() => context.effects.navigate(then, { replace: false }));
    }),
    applyPending: enqueueActions(({ context, enqueue }) => {
      const next = context.pending;
      if (!next) return;
      const diff = diffCells(
        context.cells.map((c) => c.spec),
        next.cells,
      );
      const gone = new Set(diff.removed.map(cellId));
      for (const cell of context.cells) if (gone.has(cellId(cell.spec))) enqueue(stopChild(cell.ref));
      for (const spec of diff.reparamed) {
        const cell = context.cells.find((c) => cellId(c.spec) === cellId(spec));
        if (cell) enqueue.sendTo(cell.ref, { type: 'cell.paramChanged', routeParam: spec.routeParam, columnParams: spec.columnParams });
      }
      enqueue.assign(({ spawn, self }) => {
        const kept = context.cells
          .filter((cell) => !gone.has(cellId(cell.spec)))
          .map((cell) => ({ ref: cell.ref, spec: next.cells.find((spec) => cellId(spec) === cellId(cell.spec)) ?? cell.spec }));
        const added = diff.added.map((spec) => {
          const view = context.views[spec.key];
          const ref = spawn('cell', {
            id: `cell-${cellId(spec)}`,
            input: { spec, width: view?.width, noColumns: view?.noColumns, owner: self, now: context.now },
          });
          return { spec, ref };
        });
        const cells = [...kept, ...added].sort((a, b) => a.spec.index - b.spec.index);
        return { cells, location: next, pending: null, closing: null };
      });
    }),
    setActive: assign(({ context }) => ({ activeKey: lastKey(context) })),
    announceActive: emit(({ context }) => ({
      type: 'router.activeChanged' as const,
      key: context.activeKey,
      itemId: context.cells.find((cell) => cell.spec.key === context.activeKey)?.spec.itemId ?? null,
    })),
    closeDeleted: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'session.itemDeleted' || !context.location) return;
      // The deleted item's column goes with every deeper one: they were opened from it.
      const from = context.cells.findIndex((cell) => sameItem(cell.spec.itemId, event.id));
      for (const cell of context.cells.slice(from)) enqueue(stopChild(cell.ref));
      const to = from === 0 ? '/' : truncateLocation(context.location, from);
      enqueue.assign({ cells: context.cells.slice(0, from), location: parseHref(to, context.views), closing: null, pending: null });
      enqueue(() => context.effects.navigate(to, { replace: true }));
    }),
    requestSignOut: enqueueActions(({ enqueue, system }) => {
      const auth = getAuth(system);
      if (auth) enqueue.sendTo(auth, { type: 'auth.signOutRequested' });
    }),
    requestSignIn: ({ context }) => {
      const here = context.location ?? context.pending;
      const next = here ? fullPath(here) : '/';
      context.effects.navigate(`${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`, { replace: true });
    },
    openCell: ({ context, event }) => {
      if (event.type !== 'router.opened' || !context.location) return;
      context.effects.navigate(openAfter(context.location, keyIndex(context, event.fromKey), event.segment), { replace: false });
    },
    // Wizard steps replace the history entry: Back leaves the wizard instead of stepping through it.
    setParam: ({ context, event }) => {
      if (event.type !== 'router.paramSet' || !context.location) return;
      context.effects.navigate(withRouteParam(context.location, keyIndex(context, event.key), event.param), { replace: true });
    },
    setColumnParams: ({ context, event }) => {
      if (event.type !== 'router.columnParamsSet' || !context.location) return;
      context.effects.navigate(withColumnParams(context.location, keyIndex(context, event.key), event.params), { replace: true });
    },
    followLink: ({ context, event }) => {
      if (event.type !== 'router.linkFollowed') return;
      if (event.newTab) context.effects.openTab(stripItemParams(event.href));
      else context.effects.navigate(event.href, { replace: false });
    },
  },
}).createMachine({
  id: 'router',
  context: ({ input }) => ({
    effects: input.effects,
    migrated: input.migratedFromCKK1,
    views: input.views ?? CORE_VIEWS,
    now: input.now ?? Date.now,
    signedIn: null,
    location: null,
    pending: null,
    cells: [],
    activeKey: null,
    closing: null,
  }),
  invoke: { src: 'sessionWatch', input: { auth: true, deletions: true } },
  initial: 'INIT',
  on: {
    'router.locationChanged': { target: '.APPLY_FOCUS', actions: 'setPending' },
    'session.authChanged': { guard: 'isSettled', target: '.APPLY_FOCUS', actions: ['setSignedIn', 'reapply'] },
    'session.itemDeleted': { guard: 'hasDeletedCell', target: '.ACTIVE_CHANGED', actions: 'closeDeleted' },
    'router.signInRequired': { actions: 'requestSignIn' },
    'router.linkFollowed': { actions: 'followLink' },
  },
  states: {
    INIT: {
      on: {
        'router.locationChanged': { actions: 'setPending' },
        'session.authChanged': { guard: 'isSettled', actions: 'setSignedIn' },
      },
      always: { guard: 'canStart', target: 'APPLY_FOCUS' },
    },
    APPLY_FOCUS: {
      initial: 'CHECKING',
      states: {
        CHECKING: {
          always: [
            { guard: 'hasPathLocale', target: '#router.READY', actions: ['moveLocaleToQuery', 'endClosing'] },
            { guard: 'isLegacyLogin', target: '#router.READY', actions: ['goHome', 'endClosing'] },
            { guard: 'isHomeAlias', target: '#router.READY', actions: ['goHome', 'endClosing'] },
            { guard: 'needsSignIn', target: '#router.READY', actions: ['redirectToSignIn', 'endClosing'] },
            { guard: 'isLegacyCandidate', target: 'LEGACY' },
            // An address that names nothing shows the not-found column (parseLocation), which says so: no toast over it.
            { target: 'DIFF' },
          ],
        },
        LEGACY: {
          invoke: {
            id: 'legacy',
            src: 'lookUpLegacyPath',
            input: ({ context }) => ({ alias: context.pending?.path ?? '' }),
            onDone: {
              target: '#router.READY',
              actions: [{ type: 'navigate', params: ({ event }) => ({ to: `/i-${event.output}`, replace: true }) }, 'endClosing'],
            },
            onError: { target: 'DIFF' },
          },
        },
        DIFF: {
          always: [{ guard: 'hasCellsToClose', target: 'CLOSING', actions: 'startApplyClosing' }, { target: 'APPLYING' }],
        },
        CLOSING: {
          entry: 'askToClose',
          on: { 'cell.closeAnswered': { actions: 'recordAnswer' } },
          always: [
            { guard: 'isRefused', target: '#router.READY', actions: ['restoreLocation', 'endClosing'] },
            { guard: 'isAgreedThenGo', target: '#router.ACTIVE_CHANGED', actions: ['closeAgreed', 'endClosing'] },
            { guard: 'isAgreed', target: 'APPLYING' },
          ],
        },
        APPLYING: {
          entry: 'applyPending',
          always: [
            { guard: 'isSignOutShown', target: '#router.ACTIVE_CHANGED', actions: 'requestSignOut' },
            { guard: 'isActiveChanged', target: '#router.ACTIVE_CHANGED' },
            { target: '#router.READY' },
          ],
        },
      },
    },
    // Transient: the focused column changed, so its item's actors and the document title follow.
    ACTIVE_CHANGED: {
      entry: ['setActive', 'announceActive'],
      always: { target: 'READY' },
    },
    READY: {
      on: {
        'router.focusRequested': {
          guard: 'closesCells',
          target: 'APPLY_FOCUS.CLOSING',
          actions: { type: 'startClosing', params: ({ context, event }) => closeFrom(context, keyIndex(context, event.key) + 1) },
        },
        'router.closeRequested': {
          guard: 'closesCells',
          target: 'APPLY_FOCUS.CLOSING',
          actions: { type: 'startClosing', params: ({ context, event }) => closeFrom(context, keyIndex(context, event.key)) },
        },
        'router.opened': { guard: 'isKnownCell', actions: 'openCell' },
        'router.paramSet': { guard: 'isKnownCell', actions: 'setParam' },
        'router.columnParamsSet': { guard: 'isKnownCell', actions: 'setColumnParams' },
      },
    },
  },
});
