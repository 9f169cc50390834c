/** The Import's screen, loaded the first time an Import opens: its code stays out of the first download. */
import { Suspense } from 'react';
import type { ItemPanelProps } from '../items/itemPanels';
import { lazyScreen } from '../shell/lazyScreen';

const Panel = lazyScreen(() => import('./ImportPanel').then((m) => m.ImportPanel));

/** The Import panel of an Import item; nothing for any other type. */
export function LazyImportPanel(props: ItemPanelProps) {
  if (props.item._t !== 'Import') return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
