/**
 * The columns a scrolled strip hides on either side (spec 000 §2 Layout): scrollbars may be hidden until used
 * (touch screens, overlay scrollbars), so the layout shows a button on each edge that hides columns, naming how
 * many, which brings the nearest one into view.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { revealScrollLeft } from './columnScroll';

export interface ColumnEdges {
  /** Columns whose start (their toolbar's close button) is scrolled out on the left. */
  left: number;
  /** Columns not wholly in view on the right. */
  right: number;
  /** Scrolls the nearest hidden column on that side into view. */
  reveal(side: 'left' | 'right'): void;
}

const NONE = { left: 0, right: 0 };

function columnsOf(strip: HTMLElement): HTMLElement[] {
  return [...strip.querySelectorAll<HTMLElement>(':scope > section[data-cell]')].filter((s) => !s.hidden);
}

/** What `strip` hides on each side, followed as it scrolls, resizes and its columns change (`version`). */
export function useColumnEdges(strip: RefObject<HTMLElement | null>, version: unknown): ColumnEdges {
  const [edges, setEdges] = useState(NONE);
  const measure = useCallback(() => {
    const box = strip.current;
    if (!box) return;
    const from = box.scrollLeft;
    const to = from + box.clientWidth;
    let left = 0;
    let right = 0;
    for (const column of columnsOf(box)) {
      if (column.offsetLeft < from - 1) left += 1;
      else if (column.offsetLeft + column.offsetWidth > to + 1) right += 1;
    }
    setEdges((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, [strip]);

  useEffect(() => {
    const box = strip.current;
    if (!box) return undefined;
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    // The strip's width and each column's (a column expanded or shrunk) change what shows.
    observer?.observe(box);
    for (const column of columnsOf(box)) observer?.observe(column);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [strip, measure, version]);

  const reveal = useCallback(
    (side: 'left' | 'right') => {
      const box = strip.current;
      if (!box) return;
      const columns = columnsOf(box);
      if (side === 'left') {
        const hidden = columns.filter((c) => c.offsetLeft < box.scrollLeft - 1).at(-1);
        if (hidden) box.scrollLeft = hidden.offsetLeft;
      } else {
        const hidden = columns.find((c) => c.offsetLeft + c.offsetWidth > box.scrollLeft + box.clientWidth + 1);
        if (hidden) box.scrollLeft = revealScrollLeft(box.clientWidth, { left: hidden.offsetLeft, width: hidden.offsetWidth });
      }
      measure();
    },
    [strip, measure],
  );
  return { ...edges, reveal };
}
