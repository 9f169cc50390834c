/**
 * Where the column strip scrolls to when a column opens (spec 000 §2 Layout). Columns shrink to share the
 * strip down to a minimum width, so it overflows only when they cannot all fit; then the newly opened column
 * (always the last) shows whole at the right edge, the columns before it as far as they fit, and the strip
 * scrolls back to the others.
 */

/** A column's place in the strip: its left edge from the strip's start, and its width (CSS pixels). */
export interface ColumnBox {
  left: number;
  width: number;
}

/** The strip's scroll position (`scrollLeft`) that shows `active` in a view `view` pixels wide; one wider than the view shows from its start. */
export function revealScrollLeft(view: number, active: ColumnBox): number {
  return Math.max(0, Math.min(active.left, active.left + active.width - view));
}
