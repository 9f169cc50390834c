/**
 * Every name a person reads has a label, and every icon a registered thing names draws (docs/modules.md):
 * item types, their properties and choices, views, menu entries, of the core and of every module.
 */
import { bundledMessages } from '../../src/client/i18n/createAppIntl';
import { iconResolves } from '../../src/client/layout/CellIcon';
import { loadAllScreens, sessionModules } from '../../src/client/modules/moduleRegistry';
import { modules } from '../../src/modules';
import { itemTypes } from '../../src/shared/itemTypes';
import { CORE_MENU } from '../../src/shared/modules/coreMenu';
import { eventKinds } from '../../src/shared/eventKinds';

// The example module stands for any module: its event kinds (transitions and its own) must be described too.
jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());

// Properties the server derives or keeps for itself are never shown as fields.
const isShown = (prop: string): boolean => !prop.startsWith('_');

describe('labels and icons of everything registered', () => {
  let messages: Record<string, string>;
  beforeAll(async () => {
    await loadAllScreens();
    messages = bundledMessages();
  });
  const missing = (keys: string[]): string[] => keys.filter((key) => !Object.hasOwn(messages, key));

  it('labels every item type, property and choice', () => {
    const keys = itemTypes.all().flatMap((type) => [
      `types.${type.name}`,
      ...Object.entries(type.properties)
        .filter(([prop]) => isShown(prop))
        .flatMap(([prop, def]) => [`types.${type.name}.${prop}`, ...(def.options ?? []).map((option) => `options.${option}`)]),
    ]);
    expect(keys.length).toBeGreaterThan(50);
    expect(missing(keys)).toEqual([]);
  });

  it('labels every view and menu entry', () => {
    const views = Object.keys(sessionModules().views).map((key) => `views.${key}`);
    const menu = [...CORE_MENU, ...modules.flatMap((m) => m.menu)].map((entry) => entry.title);
    expect(views).toContain('views.v-my-contacts');
    expect(missing([...views, ...menu])).toEqual([]);
  });

  it('draws every icon a type or menu entry names', () => {
    const names = [
      ...itemTypes.all().flatMap((type) => [type.defaultIcon, type.listItem?.icon]),
      ...[...CORE_MENU, ...modules.flatMap((m) => m.menu)].map((entry) => entry.icon),
    ].filter((name): name is string => typeof name === 'string');
    expect(names).toContain('forum');
    expect(names.filter((name) => !iconResolves(name))).toEqual([]);
  });

  it('describes every registered event kind, and has the fallbacks', () => {
    const descriptions = [...eventKinds().values()].map(({ def }) => def.description);
    expect(descriptions).toEqual(expect.arrayContaining(['events.updated', 'events.journal.submitted', 'events.journal.linked']));
    expect(missing([...descriptions, 'events.changed', 'events.stateChanged', 'events.ckk1Fallback'])).toEqual([]);
  });

  it('fails for a name without a label or an icon', () => {
    expect(missing(['types.NoSuchType'])).toEqual(['types.NoSuchType']);
    expect(missing(['events.journal.noSuchEvent'])).toEqual(['events.journal.noSuchEvent']);
    expect(iconResolves('no_such_icon')).toBe(false);
  });
});
