/**
 * The admin.menu-items screen's actor: reads the menu setting (`act/menuSettings`), keeps the
 * administrator's draft (entries hidden, siblings moved) and saves it whole (`act/setMenuSettings`).
 * Not the resource machine: the draft outlives pushes from other administrators, and a save's answer
 * is the setting itself, so nothing is loaded again. Both requests are `operation` actors.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  asMenuSettings,
  isAdminEntry,
  NO_MENU_SETTINGS,
  normalisedMenuSettings,
  type MenuSettings,
} from '../../src/shared/modules/menuSettings';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { failureOf, operationLogic } from '../session/operation';
import { toResourceError, type ResourceError } from '../session/resourceMachine';
import { sayApplied } from '../session/sayApplied';

export interface MenuSettingsContext {
  /** The setting as the server last answered it. */
  saved: MenuSettings;
  /** The administrator's version, saved or not. */
  draft: MenuSettings;
  /** Why the setting could not be had. */
  error: ResourceError | null;
  /** Why the last save was refused. */
  saveError: ResourceError | null;
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
  | { type: 'menuSettings.saved' };

const LOAD = callOf(operations.menuSettings, undefined);

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
  },
  actors: { operation: operationLogic },
  guards: {
    isHideable: ({ event }) => event.type === 'menuSettings.hiddenToggled' && !isAdminEntry(event.path),
    isDirty: ({ context }) => !sameMenuSettings(context.draft, context.saved),
  },
  actions: {
    // The answer of either request is the setting as stored.
    store: assign((_, params: { output: unknown }) => {
      const settings = asMenuSettings(params.output);
      return { saved: settings, draft: settings, error: null, saveError: null };
    }),
    storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
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
    clearSaveError: assign({ saveError: null }),
    sayApplied: enqueueActions(({ enqueue, system }) => {
      sayApplied(enqueue, system);
    }),
    storeSaveError: assign((_, params: { error: unknown }) => ({ saveError: toResourceError(failureOf(params.error)) })),
  },
}).createMachine({
  id: 'menuSettings',
  context: {
    saved: NO_MENU_SETTINGS,
    draft: NO_MENU_SETTINGS,
    error: null,
    saveError: null,
  },
  initial: 'LOADING',
  states: {
    LOADING: {
      invoke: {
        id: 'load',
        src: 'operation',
        input: LOAD,
        onDone: { target: 'READY', actions: { type: 'store', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'FAILED', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    READY: {
      on: {
        'menuSettings.hiddenToggled': { guard: 'isHideable', actions: 'toggle' },
        'menuSettings.moved': { actions: 'move' },
        'menuSettings.discarded': { actions: 'discard' },
        'menuSettings.pushed': { actions: 'adoptPushed' },
        'menuSettings.saved': { guard: 'isDirty', target: 'SAVING', actions: 'clearSaveError' },
        'menuSettings.reloaded': 'LOADING',
      },
    },
    SAVING: {
      invoke: {
        id: 'save',
        src: 'operation',
        input: ({ context }) => callOf(operations.setMenuSettings, normalisedMenuSettings(context.draft)),
        onDone: {
          target: 'READY',
          actions: [{ type: 'store', params: ({ event }) => ({ output: event.output }) }, 'sayApplied'],
        },
        onError: { target: 'READY', actions: { type: 'storeSaveError', params: ({ event }) => ({ error: event.error }) } },
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
export const selectMenuSettingsError = (s: Snapshot): ResourceError | null => s.context.error;
/** Why the last save was refused. */
export const selectMenuSaveError = (s: Snapshot): ResourceError | null => s.context.saveError;
