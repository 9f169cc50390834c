/**
 * Which lists of values the signed-in user may edit for one owner, as `act/lovRights` answered it: the
 * server decides (the same LOVValue rules then judge every change), the screen only offers accordingly.
 */
import { useSelector } from '@xstate/react';
import { selectResourceData } from '../../../machines/session/resourceMachine';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import { mayEditList, type LovRights } from '../../shared/items/LovRights';
import { callOf } from '../../shared/protocol/operationCall';
import { operations } from '../../shared/protocol/operations';
import { useCellViewActor } from '../layout/useCellViewActor';
import { resourceMachine } from '../../../machines/session/resourceMachine';

/** What the screen may offer: `mayEdit` a list, and whether any list at all (the add form). Nothing while the answer is on its way or was refused. */
export interface ListEditing {
  mayEdit: (list: string) => boolean;
  anyList: boolean;
}

/**
 * Every list, for administrators, who are granted locally whatever the answer (as useItemAllowed does). The
 * screen still asks for them, so that one panel serves everyone and the flag arriving remounts nothing.
 */
export const EVERY_LIST: ListEditing = { mayEdit: () => true, anyList: true };

// The selector looks at the operation's name only, so one serves every owner.
const selectRights = selectResourceData(callOf(operations.lovRights, {}));

/** The answer for `owner` (an organisation id, or null for the site's own), held by the column; mount it once per owner. */
export function useLovRights(cell: CellActorRef, owner: string | null): ListEditing {
  const load = callOf(operations.lovRights, owner ? { owner } : {});
  const actor = useCellViewActor(cell, `lovRights:${owner ?? '_'}`, resourceMachine, { load });
  const rights: LovRights | null = useSelector(actor ?? undefined, (s) => (s ? selectRights(s) : null));
  return {
    mayEdit: (list) => rights !== null && mayEditList(rights, list),
    anyList: rights !== null && (rights.others || Object.values(rights.lists).some(Boolean)),
  };
}
