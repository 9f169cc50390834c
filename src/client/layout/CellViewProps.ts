/** What the column layout gives the React view of every cell. */
import type { CellActorRef } from '../../../machines/router/cellMachine';
import type { CellSpec } from '../../../machines/router/parseLocation';

/** Props of a cell's view: its cell actor (toolbar, gates, item child) and where it sits in the route. */
export interface CellViewProps {
  cell: CellActorRef;
  spec: CellSpec;
  /** The cell to its left (the parent of a child view such as `/i-Contact-3/timeline`), if any. */
  parent: CellActorRef | null;
}
