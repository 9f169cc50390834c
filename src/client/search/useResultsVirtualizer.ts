/** A virtualised scroll box over the results: only the rows in view are drawn, and only they are read. */
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import { useVisibleRows } from './useVisibleRows';

// Before the box is measured, and where it measures nothing (jsdom, a hidden column), a screenful is assumed.
const INITIAL_RECT = { width: 800, height: 640 };

function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  const el = instance.scrollElement;
  if (el && el.getBoundingClientRect().height === 0) {
    cb(INITIAL_RECT);
    return undefined;
  }
  return observeElementRect(instance, cb);
}

/** The scroll box's ref and the virtualizer of `ids`, `lanes` items side by side; tells the actor the rows in view. */
export function useResultsVirtualizer(results: SearchResultsActorRef, ids: readonly string[], estimate: number, lanes = 1) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: 6,
    lanes,
    initialRect: INITIAL_RECT,
    observeElementRect: observeRect,
  });
  const items = virtualizer.getVirtualItems();
  useVisibleRows(results, ids, items[0]?.index ?? 0, (items.at(-1)?.index ?? -1) + 1);
  return { scrollRef, virtualizer, items };
}
