/** The Import's screen, loaded the first time an Import opens: its code stays out of the first download. */
import { lazy, Suspense } from 'react';
import type { ItemPanelProps } from '../items/itemPanels';

const Panel = lazy(() => import('./ImportPanel').then((m) => ({ default: m.ImportPanel })));

/** The Import panel of an Import item; nothing for any other type. */
export function LazyImportPanel(props: ItemPanelProps) {
  if (props.item._t !== 'Import') return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
