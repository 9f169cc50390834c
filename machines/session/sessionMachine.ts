/**
 * The root of the browser's actor tree (DESIGN.md "The actor tree"): created once at start-up with
 * the site config and the effects, it starts the long-lived session actors under stable system ids.
 */
import { assign, enqueueActions, setup, spawnChild, type SnapshotFrom } from 'xstate';
import { TOKEN_STORAGE_KEY } from '../../src/shared/constants';
import type { SiteConfig } from '../../src/shared/protocol';
import { getAuth, SystemId } from '../systemIds';
import { accountMachine } from '../account/accountMachine';
import { alertsMachine } from './alertsMachine';
import { authMachine } from './authMachine';
import { connectionMachine } from './connectionMachine';
import { highlightMachine } from './highlightMachine';
import { masqueradeMachine } from './masqueradeMachine';
import { notificationsMachine } from './notificationsMachine';
import { retryMachine } from './retryMachine';
import { lovMachine } from '../item/lovMachine';
import { routerMachine } from '../router/routerMachine';
import type { SessionModules } from './moduleActors';
import type { SessionEvent } from './sessionEvents';
import { savedSearchesMachine } from '../search/savedSearchesMachine';
import { searchBarMachine } from '../search/searchBarMachine';
import type { SessionEffects } from './sessionEffects';
import { shellMachine } from './shellMachine';
import { sysAlertsMachine } from './sysAlertsMachine';
import { tasksMachine } from './tasksMachine';
import { whatsNewMachine } from './whatsNewMachine';
import { clockMachine } from './clockMachine';

export interface SessionInput {
  siteConfig: SiteConfig;
  clientVersion: string;
  effects: SessionEffects;
  /** The registered domain modules' views and session actors (default: none, the core alone). */
  modules?: SessionModules;
}

export interface SessionContext {
  siteConfig: SiteConfig;
  clientVersion: string;
  effects: SessionEffects;
  modules?: SessionModules;
  /** Site texts changed since the page loaded, by language then message key (null: the bundled text again). */
  messages: Record<string, Record<string, string | null>>;
}

export type { SessionEvent } from './sessionEvents';

/** Root session actor: spawns auth, connection, retry, alerts, tasks, sysAlerts, shell, router, whatsNew, notifications, masquerade, clock, account and every registered module's actors, and relays browser events to them. */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    alerts: alertsMachine,
    retry: retryMachine,
    connection: connectionMachine,
    tasks: tasksMachine,
    sysAlerts: sysAlertsMachine,
    auth: authMachine,
    shell: shellMachine,
    router: routerMachine,
    lov: lovMachine,
    highlight: highlightMachine,
    searchBar: searchBarMachine,
    savedSearches: savedSearchesMachine,
    whatsNew: whatsNewMachine,
    notifications: notificationsMachine,
    masquerade: masqueradeMachine,
    clock: clockMachine,
    account: accountMachine,
  },
  guards: {
    isTokenKey: ({ event }) => event.type === 'session.storageChanged' && (event.key === TOKEN_STORAGE_KEY || event.key === null),
  },
  actions: {
    relayTokenChange: enqueueActions(({ event, enqueue, system }) => {
      const auth = getAuth(system);
      if (auth && event.type === 'session.storageChanged')
        enqueue.sendTo(auth, { type: 'auth.storageChanged', token: event.key === null ? null : event.newValue });
    }),
    applyMessage: assign(({ context, event }) => {
      if (event.type !== 'session.messageChanged') return {};
      const { lang, key, message } = event;
      return { messages: { ...context.messages, [lang]: { ...context.messages[lang], [key]: message } } };
    }),
    spawnModuleActors: enqueueActions(({ context, enqueue }) => {
      for (const actor of context.modules?.actors ?? []) {
        enqueue.spawnChild(actor.logic, {
          systemId: actor.systemId,
          input: actor.input?.(context.siteConfig),
        });
      }
    }),
    applySiteConfig: assign(({ context, event }) =>
      event.type === 'session.siteConfigChanged' ? { siteConfig: { ...context.siteConfig, ...event.changes } } : {},
    ),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, messages: {} }),
  // Receivers first: auth starts after them because its start-up already sends to connection and alerts.
  entry: [
    spawnChild('clock', { id: SystemId.clock, systemId: SystemId.clock, input: ({ context }) => ({ now: context.effects.now }) }),
    spawnChild('highlight', { id: SystemId.highlight, systemId: SystemId.highlight }),
    spawnChild('alerts', { id: SystemId.alerts, systemId: SystemId.alerts, input: ({ context }) => ({ log: context.effects.log }) }),
    spawnChild('retry', { id: SystemId.retry, systemId: SystemId.retry, input: ({ context }) => ({ random: context.effects.random }) }),
    spawnChild('connection', {
      id: SystemId.connection,
      systemId: SystemId.connection,
      input: ({ context }) => ({
        clientVersion: context.clientVersion,
        effects: context.effects,
        maxMsgSize: context.siteConfig.wsMaxMsgSize,
        replyTimeoutMs: context.siteConfig.wsTimeout,
      }),
    }),
    spawnChild('tasks', { id: SystemId.tasks, systemId: SystemId.tasks, input: ({ context }) => ({ download: context.effects.download }) }),
    spawnChild('sysAlerts', {
      id: SystemId.sysAlerts,
      systemId: SystemId.sysAlerts,
      input: ({ context }) => ({ storage: context.effects.localStorage }),
    }),
    spawnChild('shell', {
      id: SystemId.shell,
      systemId: SystemId.shell,
      input: ({ context }) => ({ storage: context.effects.localStorage }),
    }),
    spawnChild('auth', {
      id: SystemId.auth,
      systemId: SystemId.auth,
      input: ({ context }) => ({
        clientVersion: context.clientVersion,
        effects: context.effects,
        socketTimeoutMs: context.siteConfig.wsTimeout,
      }),
    }),
    // Lists of values, asked once per list for the session's locale (the fields tell it the locale).
    spawnChild('lov', { id: SystemId.lov, systemId: SystemId.lov, input: { locale: 'en' } }),
    // After auth: the router follows the auth state from its start.
    spawnChild('router', {
      id: SystemId.router,
      systemId: SystemId.router,
      input: ({ context }) => ({
        effects: { navigate: context.effects.navigate, openTab: context.effects.openTab },
        migratedFromCKK1: context.siteConfig.migratedFromCKK1,
        ...(context.modules ? { views: context.modules.views } : {}),
      }),
    }),
    spawnChild('searchBar', { id: SystemId.searchBar, systemId: SystemId.searchBar }),
    spawnChild('savedSearches', { id: SystemId.savedSearches, systemId: SystemId.savedSearches }),
    // After auth and connection: it follows the signed-in user and asks through the connection.
    spawnChild('whatsNew', { id: SystemId.whatsNew, systemId: SystemId.whatsNew, input: {} }),
    // After auth and connection: it follows the signed-in user and the server's pushes.
    spawnChild('notifications', { id: SystemId.notifications, systemId: SystemId.notifications }),
    spawnChild('masquerade', {
      id: SystemId.masquerade,
      systemId: SystemId.masquerade,
      input: ({ context }) => ({ storage: context.effects.localStorage, reload: context.effects.reload, locale: 'en' }),
    }),
    // After auth: set-pass hands it the token its answer carries.
    spawnChild('account', {
      id: SystemId.account,
      systemId: SystemId.account,
      input: ({ context }) => ({
        effects: { postAccount: context.effects.postAccount, navigate: context.effects.navigate },
        timeoutMs: context.siteConfig.httpTimeout,
      }),
    }),
    // Last: module actors may follow any core actor. Their logic comes from the module registry, so
    // core never names a module.
    'spawnModuleActors',
  ],
  on: {
    'session.storageChanged': { guard: 'isTokenKey', actions: 'relayTokenChange' },
    'session.siteConfigChanged': { actions: 'applySiteConfig' },
    'session.messageChanged': { actions: 'applyMessage' },
  },
});

const NO_MESSAGES: Record<string, string | null> = {};

/** The site texts of `lang` changed since the page loaded (the same object until one changes). */
export const selectChangedMessages =
  (lang: string) =>
  (snapshot: SnapshotFrom<typeof sessionMachine>): Record<string, string | null> =>
    snapshot.context.messages[lang] ?? NO_MESSAGES;
