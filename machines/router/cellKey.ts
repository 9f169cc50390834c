/** Cell keys of spec 000 §2 and §5: what one path segment names (a view, an item cell, a portal cell). */
import { isValidId } from '../../src/shared/ids';

export type CellKind = 'view' | 'item' | 'portal';

/** What a segment names; `itemId` is the item's `Type-index` for item cells. */
export interface CellKey {
  key: string;
  kind: CellKind;
  itemId?: string;
  context?: string;
}

// i-{Type}-{index}[-{context}]: the id part is checked by the shared id rules, the context is one more word.
const ITEM_KEY = /^i-([A-Za-z][A-Za-z0-9_]*-[0-9]+)(?:-([A-Za-z0-9_]+))?$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The view key of a segment: `v-` plus the segment (spec 000 §2). */
export const viewKey = (segment: string): string => `v-${segment}`;

/**
 * What `segment` names, or null when it is no valid cell. The first segment names a view unless it
 * starts with `i-`; later ones are item cells (`i-`), portal cells (`p-`) or child views.
 * `isView` says whether a view key is registered: an unknown view is not a valid cell.
 */
export function parseCellKey(segment: string, first: boolean, isView: (key: string) => boolean): CellKey | null {
  if (segment.startsWith('i-')) {
    const match = ITEM_KEY.exec(segment);
    if (!match?.[1] || !isValidId(match[1])) return null;
    const cell: CellKey = { key: segment, kind: 'item', itemId: match[1] };
    if (match[2] !== undefined) cell.context = match[2];
    return cell;
  }
  if (!first && segment.startsWith('p-')) return NAME.test(segment.slice(2)) ? { key: segment, kind: 'portal' } : null;
  if (!NAME.test(segment)) return null;
  const key = viewKey(segment);
  return isView(key) ? { key, kind: 'view' } : null;
}
