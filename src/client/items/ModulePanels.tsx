/** The panels modules add below an item's properties (src/client/modules/ModuleClient.ts `panelTypes`). */
import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { lazyScreen } from '../shell/lazyScreen';
import { loadScreens, modulesPanelling } from '../modules/moduleRegistry';
import type { ItemPanelProps } from './itemPanels';

const byType = new Map<string, LazyExoticComponent<ComponentType<ItemPanelProps>> | null>();

/** The panels of `typeName` drawn one after the other, once their modules' screens have loaded; null when none adds any. */
function panelsOf(typeName: string): LazyExoticComponent<ComponentType<ItemPanelProps>> | null {
  if (!byType.has(typeName)) {
    const names = modulesPanelling(typeName);
    byType.set(
      typeName,
      names.length === 0
        ? null
        : lazyScreen(async () => {
            const panels = (await Promise.all(names.map(loadScreens))).flatMap((screens) => screens.panels?.[typeName] ?? []);
            return (props: ItemPanelProps) => (
              <>
                {panels.map((Panel, at) => (
                  <Panel key={at} {...props} />
                ))}
              </>
            );
          }),
    );
  }
  return byType.get(typeName) ?? null;
}

/** Every module panel of the item's type. */
export function ModulePanels(props: ItemPanelProps) {
  const Panels = panelsOf(props.item._t);
  if (!Panels) return null;
  return (
    <Suspense fallback={null}>
      <Panels {...props} />
    </Suspense>
  );
}
