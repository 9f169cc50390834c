/** A view's own actor, held by its cell (spec 000 §2 Layout: every column is a cell of the router). */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { CellActorRef, CellSnapshot } from '../../../machines/router/cellMachine';
import type { ViewActorInput, ViewActorName, ViewActorRef, ViewActorRequest } from '../../../machines/router/viewActors';

/**
 * Asks `cell` for its actor `id` of logic `name`, started with `input` the first time, and answers it
 * once the cell holds it. The actor lives as long as the column: a view hidden in one-column mode and
 * shown again finds it as it was. The input is read once.
 */
export function useCellViewActor<N extends ViewActorName>(
  cell: CellActorRef,
  id: string,
  name: N,
  input: ViewActorInput<N>,
): ViewActorRef<N> | null {
  const inputRef = useRef(input);
  useEffect(() => {
    cell.send({ type: 'cell.viewActorRequested', id, name, input: inputRef.current } as {
      type: 'cell.viewActorRequested';
    } & ViewActorRequest);
  }, [cell, id, name]);
  const selectView = (s: CellSnapshot) => s.context.views[id] ?? null;
  return useSelector(cell, selectView) as ViewActorRef<N> | null;
}
