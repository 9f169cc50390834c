/** Module-level selectors over cell snapshots, for the column layout's `useSelector` calls. */
import type { CellSnapshot } from '../../../machines/router/cellMachine';
import type { CellWidth } from '../../../machines/router/views';

export const selectCellTitle = (s: CellSnapshot): string | null => s.context.title;
export const selectCellIcon = (s: CellSnapshot): string | null => s.context.icon;
export const selectCellActionBtn = (s: CellSnapshot): string | null => s.context.actionBtn;
export const selectCellWidth = (s: CellSnapshot): CellWidth => s.context.width;
export const selectCellExpanded = (s: CellSnapshot): boolean => s.context.width === 'FULL' && s.context.defaultWidth !== 'FULL';
export const selectCellError = (s: CellSnapshot): string | null => s.context.error;
export { selectDirty, selectDirtyState, selectSavedAt } from '../../../machines/router/cellMachine';
