/**
 * The admin.menu-items screen's actor: reads the menu setting (`act/menuSettings`), keeps the
 * administrator's draft (entries hidden, siblings moved) and saves it whole (`act/setMenuSettings`).
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  asMenuSettings,
  isAdminEntry,
  NO_MENU_SETTINGS,
  normalisedMenuSettings,
  type MenuSettings,
} from '../../src/shared/modules/menuSettings';
import type { ConnectionReplyEvent } from '../session/connectionMachine';
import { toAdminError, type AdminAlerts, type AdminConnection, type AdminError } from './adminRequests';

export interface MenuSettingsInput {
  connection: AdminConnection;
  alerts?: AdminAlerts | null;
}

export interface MenuSettingsContext {
  connection: AdminConnection;
  alerts: AdminAlerts | null;
  /** The setting as the server last answered it. */
  saved: MenuSettings;
  /** The administrator's version, saved or not. */
  draft: MenuSettings;
  /** Why the setting could not be had. */
  error: AdminError | null;
  /** Why the last save was refused. */
  saveError: AdminError | null;
}

export type MenuSettingsEvent =
  | { type: 'menuSettings.reloaded' }
  /** Shows a hidden entry or hides a shown one (never an admin entry). */
  | { type: 'menuSettings.hiddenToggled'; path: string }
  /**
   * Moves `path` one place among `siblings` (the paths under `parent` in the order shown now);
   * `registered` is their order without the setting: an order that comes back to it is dropped.
   */
  | { type: 'menuSettings.moved'; parent: string; siblings: string[]; registered?: string[]; path: string; by: -1 | 1 }
  | { type: 'menuSettings.discarded' }
  /** The setting as the server pushed it to every browser (another administrator saved). */
  | { type: 'menuSettings.pushed'; settings: MenuSettings }
  | { type: 'menuSettings.saved' }
  | ConnectionReplyEvent;

const LOAD = 'menuSettings:load';
const SAVE = 'menuSettings:save';

const ticketIs = (event: MenuSettingsEvent, ticket: string): boolean =>
  (event.type === 'connection.replied' || event.type === 'connection.failed') && event.ticket === ticket;

/** Whether two settings name the same hidden entries and orders. */
export const sameMenuSettings = (a: MenuSettings, b: MenuSettings): boolean =>
  JSON.stringify(normalisedMenuSettings(a)) === JSON.stringify(normalisedMenuSettings(b));

/** `settings` with `path` shown if hidden and hidden if shown. */
function toggled(settings: MenuSettings, path: string): MenuSettings {
  const hidden = settings.hidden.includes(path) ? settings.hidden.filter((p) => p !== path) : [...settings.hidden, path];
  return { ...settings, hidden };
}

/** `settings` with `path` moved one place among `siblings`; unchanged at either end. */
function moved(settings: MenuSettings, event: Extract<MenuSettingsEvent, { type: 'menuSettings.moved' }>): MenuSettings {
  const { parent, siblings, registered, path, by } = event;
  const from = siblings.indexOf(path);
  const to = from + by;
  if (from < 0 || to < 0 || to >= siblings.length) return settings;
  const order = [...siblings];
  [order[from], order[to]] = [order[to]!, order[from]!];
  const { [parent]: _previous, ...others } = settings.order;
  // Back in the registered order: the level needs no order of its own.
  if (registered && registered.join('\n') === order.join('\n')) return { ...settings, order: others };
  return { ...settings, order: { ...others, [parent]: order } };
}

/** LOADING, READY, SAVING, FAILED: the menu setting and the administrator's draft of it. */
export const menuSettingsMachine = setup({
  types: {
    context: {} as MenuSettingsContext,
    events: {} as MenuSettingsEvent,
    input: {} as MenuSettingsInput,
  },
  guards: {
    isLoadReply: ({ event }) => ticketIs(event, LOAD),
    isSaveReply: ({ event }) => ticketIs(event, SAVE),
    isHideable: ({ event }) => event.type === 'menuSettings.hiddenToggled' && !isAdminEntry(event.path),
    isDirty: ({ context }) => !sameMenuSettings(context.draft, context.saved),
  },
  actions: {
    load: enqueueActions(({ context, enqueue, self }) => {
      enqueue.sendTo(context.connection, { type: 'connection.send', frame: { o: 'act/menuSettings' }, ticket: LOAD, replyTo: self });
    }),
    store: assign(({ event }) => {
      if (event.type !== 'connection.replied') return {};
      const settings = asMenuSettings(event.frame.b);
      return { saved: settings, draft: settings, error: null, saveError: null };
    }),
    storeError: assign(({ event }) => (event.type === 'connection.failed' ? { error: toAdminError(event.failure) } : {})),
    toggle: assign(({ context, event }) =>
      event.type === 'menuSettings.hiddenToggled' ? { draft: toggled(context.draft, event.path), saveError: null } : {},
    ),
    move: assign(({ context, event }) =>
      event.type === 'menuSettings.moved' ? { draft: moved(context.draft, event), saveError: null } : {},
    ),
    discard: assign(({ context }) => ({ draft: context.saved, saveError: null })),
    // The administrator's unsaved changes stay; without any, the screen shows what was saved elsewhere.
    adoptPushed: assign(({ context, event }) => {
      if (event.type !== 'menuSettings.pushed') return {};
      const saved = asMenuSettings(event.settings);
      return sameMenuSettings(context.draft, context.saved) ? { saved, draft: saved } : { saved };
    }),
    save: enqueueActions(({ context, enqueue, self }) => {
      enqueue.assign({ saveError: null });
      enqueue.sendTo(context.connection, {
        type: 'connection.send',
        frame: { o: 'act/setMenuSettings', b: normalisedMenuSettings(context.draft) },
        ticket: SAVE,
        replyTo: self,
      });
    }),
    applied: enqueueActions(({ context, enqueue }) => {
      if (context.alerts) enqueue.sendTo(context.alerts, { type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } });
    }),
    storeSaveError: assign(({ event }) => (event.type === 'connection.failed' ? { saveError: toAdminError(event.failure) } : {})),
  },
}).createMachine({
  id: 'menuSettings',
  context: ({ input }) => ({
    connection: input.connection,
    alerts: input.alerts ?? null,
    saved: NO_MENU_SETTINGS,
    draft: NO_MENU_SETTINGS,
    error: null,
    saveError: null,
  }),
  initial: 'LOADING',
  states: {
    LOADING: {
      entry: 'load',
      on: {
        'connection.replied': { guard: 'isLoadReply', target: 'READY', actions: 'store' },
        'connection.failed': { guard: 'isLoadReply', target: 'FAILED', actions: 'storeError' },
      },
    },
    READY: {
      on: {
        'menuSettings.hiddenToggled': { guard: 'isHideable', actions: 'toggle' },
        'menuSettings.moved': { actions: 'move' },
        'menuSettings.discarded': { actions: 'discard' },
        'menuSettings.pushed': { actions: 'adoptPushed' },
        'menuSettings.saved': { guard: 'isDirty', target: 'SAVING', actions: 'save' },
        'menuSettings.reloaded': 'LOADING',
      },
    },
    SAVING: {
      on: {
        'connection.replied': { guard: 'isSaveReply', target: 'READY', actions: ['store', 'applied'] },
        'connection.failed': { guard: 'isSaveReply', target: 'READY', actions: 'storeSaveError' },
      },
    },
    FAILED: { on: { 'menuSettings.reloaded': 'LOADING' } },
  },
});

export type MenuSettingsActorRef = ActorRefFrom<typeof menuSettingsMachine>;
type Snapshot = SnapshotFrom<typeof menuSettingsMachine>;

/** LOADING, READY, SAVING or FAILED. */
export const selectMenuSettingsStatus = (s: Snapshot): 'LOADING' | 'READY' | 'SAVING' | 'FAILED' =>
  s.matches('LOADING') ? 'LOADING' : s.matches('SAVING') ? 'SAVING' : s.matches('FAILED') ? 'FAILED' : 'READY';
/** The administrator's draft (the saved setting until they change something). */
export const selectMenuDraft = (s: Snapshot): MenuSettings => s.context.draft;
/** Whether the draft differs from the saved setting. */
export const selectMenuDirty = (s: Snapshot): boolean => !sameMenuSettings(s.context.draft, s.context.saved);
/** Why the setting could not be had. */
export const selectMenuSettingsError = (s: Snapshot): AdminError | null => s.context.error;
/** Why the last save was refused. */
export const selectMenuSaveError = (s: Snapshot): AdminError | null => s.context.saveError;
