/** The toolbar's action buttons: a cell names one (`actionBtn`), this says where it leads and how it looks. */
import type { CellSpec } from '../../../machines/router/parseLocation';

export interface CellAction {
  /** The segment that replaces the cell's own. */
  segment: string;
  label: 'app.cell.edit' | 'app.cell.view';
  icon: 'edit' | 'check';
}

/** `edit` opens an item's edit screen in place of its read screen, `view` goes back. */
export function cellAction(name: string, spec: CellSpec): CellAction | null {
  if (!spec.itemId) return null;
  if (name === 'edit') return { segment: `i-${spec.itemId}-edit`, label: 'app.cell.edit', icon: 'edit' };
  if (name === 'view') return { segment: `i-${spec.itemId}`, label: 'app.cell.view', icon: 'check' };
  return null;
}
