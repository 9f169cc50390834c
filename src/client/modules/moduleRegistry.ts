/**
 * The browser's view of the registered modules (src/modules/index.ts for the models,
 * src/modules/client.ts for the browser parts): core composes them here and never names a module.
 */
import type { SessionModules } from '../../../machines/session/moduleActors';
import { CORE_VIEWS } from '../../../machines/router/views';
import { modules } from '../../modules';
import { moduleClients } from '../../modules/client';
import { addModuleMessages } from '../i18n/moduleCatalogue';
import { lazyModule, type LazyModule } from '../shell/lazyModule';
import type { ComponentType } from 'react';
import type { ModuleScreens, SupportWidgetProps } from './ModuleClient';

/** The views and session actors the root session machine is started with. */
export function sessionModules(): SessionModules {
  return {
    views: Object.assign({}, CORE_VIEWS, ...modules.map((m) => m.views ?? {})),
    actors: moduleClients.flatMap((c) => c.actors ?? []),
  };
}

const NO_SCREENS: ModuleScreens = { messages: {} };
const loading = new Map<string, Promise<ModuleScreens>>();
const loaded = new Map<string, ModuleScreens>();

/** Module `name`'s screens, loaded once; their messages join the catalogue before the promise settles. */
export function loadScreens(name: string): Promise<ModuleScreens> {
  let screens = loading.get(name);
  if (!screens) {
    const load = moduleClients.find((c) => c.name === name)?.screens;
    screens = (load ? load() : Promise.resolve(NO_SCREENS)).then((s) => {
      addModuleMessages(s.messages);
      loaded.set(name, s);
      return s;
    });
    // A failed chunk (the network dropped) may be asked again.
    screens.catch(() => loading.delete(name));
    loading.set(name, screens);
  }
  return screens;
}

/** Every module's screens (the site texts screen lists every message there is). */
export const loadAllScreens = (): Promise<ModuleScreens[]> => Promise.all(moduleClients.map((c) => loadScreens(c.name)));

/** The module that declares view `key`, if any. */
export const moduleOfView = (key: string): string | undefined => modules.find((m) => m.views && Object.hasOwn(m.views, key))?.name;

/** The modules whose screens add panels to type `typeName`'s read screen. */
export const modulesPanelling = (typeName: string): string[] =>
  moduleClients.filter((c) => c.panelTypes?.includes(typeName)).map((c) => c.name);

/** Module `name`'s screens if they have loaded, else undefined (a component draws them at once, without waiting a render). */
export const loadedScreens = (name: string): ModuleScreens | undefined => loaded.get(name);

/** The module whose screens edit property `name` of type `typeName` in the item form, if any. */
export const moduleEditingField = (typeName: string, name: string): string | undefined =>
  moduleClients.find((c) => c.fieldEditors?.includes(`${typeName}.${name}`))?.name;

const supportLoader = moduleClients.find((c) => c.support)?.support;
/** The support widget a module gives (live-assist), loaded when the support request is chosen; null when no module gives one. */
export const supportWidget: LazyModule<ComponentType<SupportWidgetProps>> | null = supportLoader ? lazyModule(supportLoader) : null;
