/** A view's own actor, held by its cell (spec 000 §2 Layout: every column is a cell of the router). */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom, AnyActorLogic, InputFrom } from 'xstate';
import type { CellActorRef, CellSnapshot } from '../../../machines/router/cellMachine';

/**
 * Asks `cell` for its actor `id` of `logic`, started with `input` the first time, and answers it
 * once the cell holds it. The actor lives as long as the column: a view hidden in one-column mode and
 * shown again finds it as it was. The input is read once.
 */
export function useCellViewActor<L extends AnyActorLogic>(
  cell: CellActorRef,
  id: string,
  logic: L,
  input: InputFrom<L>,
): ActorRefFrom<L> | null {
  const inputRef = useRef(input);
  useEffect(() => {
    cell.send({ type: 'cell.viewActorRequested', id, logic, input: inputRef.current });
  }, [cell, id, logic]);
  const selectView = (s: CellSnapshot) => s.context.views[id] ?? null;
  return useSelector(cell, selectView) as ActorRefFrom<L> | null;
}
