/**
 * "Add one here" of a related-items list: a New {type} button, offered only to whom the server lets
 * create the type (`act/isAllowed {id: "Type-0", actions: ["create"]}`, docs/decisions.md "Offer only
 * what the server allows"); administrators are granted locally (spec 000 §6), with no question. The
 * answer is kept by a resource actor of the column, one per type, so lists of one type ask once.
 */
import { useSelector } from '@xstate/react';
import type { CellActorRef } from '../../../../machines/router/cellMachine';
import { selectUser, type AuthSnapshot } from '../../../../machines/session/authSelectors';
import { resourceMachine, selectResourceData, type ResourceActorRef } from '../../../../machines/session/resourceMachine';
import { callOf } from '../../../shared/protocol/operationCall';
import { operations } from '../../../shared/protocol/operations';
import { useT } from '../../i18n/useT';
import { useCellViewActor } from '../../layout/useCellViewActor';
import { useActors } from '../../session/useActors';

const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;
const createCall = (typeName: string) => callOf(operations.isAllowed, { id: `${typeName}-0`, actions: ['create'] });
// Every create question has the same operation name, which is all the typed selector compares.
const selectAnswer = selectResourceData(createCall('Type'));
const selectMayCreate = (s: Parameters<typeof selectAnswer>[0]): boolean => selectAnswer(s)?.allowed.create === true;

interface Props {
  cell: CellActorRef;
  typeName: string;
  /** The id of the list's heading, which the button's name is read with. */
  headingId: string;
  onAdd: () => void;
}

/** The button for administrators; for others once the server said yes (nothing before, nothing on no). */
export function AddHere(props: Props) {
  const { auth } = useActors();
  const admin = useSelector(auth, selectAdmin);
  return admin ? <AddButton {...props} /> : <AskedAddHere {...props} />;
}

function AskedAddHere(props: Props) {
  const asked = useCellViewActor(props.cell, `createAllowed.${props.typeName}`, resourceMachine, { load: createCall(props.typeName) });
  return asked ? <Answered asked={asked} {...props} /> : null;
}

function Answered({ asked, ...props }: Props & { asked: ResourceActorRef }) {
  const allowed = useSelector(asked, selectMayCreate);
  return allowed ? <AddButton {...props} /> : null;
}

function AddButton({ typeName, headingId, onAdd }: Props) {
  const t = useT();
  const id = `${headingId}-add`;
  return (
    <button
      type="button"
      id={id}
      aria-labelledby={`${id} ${headingId}`}
      onClick={onAdd}
      className="-my-1 shrink-0 rounded px-2 py-1 text-sm font-medium text-primary-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:text-blue-300"
    >
      {t('app.item.new', { type: t(`types.${typeName}`) })}
    </button>
  );
}
