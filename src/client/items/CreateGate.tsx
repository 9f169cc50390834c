/**
 * A create form (`i-{Type}-0`) offered only to whom the server lets create the type (issue 16 problem 4):
 * `act/isAllowed` answers `create` for `Type-0`, asked by a resource actor the cell keeps; others see
 * why there is no form and a way back. Administrators are granted locally (spec 000 §6), with no question.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import { selectResourceData, selectResourceError, type ResourceActorRef } from '../../../machines/session/resourceMachine';
import { selectUser, type AuthSnapshot } from '../../../machines/session/authSelectors';
import { callOf } from '../../shared/protocol/operationCall';
import { operations } from '../../shared/protocol/operations';
import { useT } from '../i18n/useT';
import { useCellViewActor } from '../layout/useCellViewActor';
import { useActors } from '../session/useActors';
import { NOTICE_ACTION, NotAllowedNotice } from '../views/NotAllowedNotice';
import { resourceMachine } from '../../../machines/session/resourceMachine';

const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;
const selectSignedIn = (s: AuthSnapshot): boolean => selectUser(s) !== null;

interface Props {
  cell: CellActorRef;
  typeName: string;
  /** The form, drawn once the answer allows it. */
  children: ReactNode;
  /** What a failed question shows (with its retry). */
  renderError: (userMessage: string, retry: () => void) => ReactNode;
}

/** The form for administrators; for others, the form once the server allowed it, else the notice. */
export function CreateGate(props: Props) {
  const { auth } = useActors();
  const admin = useSelector(auth, selectAdmin);
  const signedIn = useSelector(auth, selectSignedIn);
  if (admin) return <>{props.children}</>;
  // Until the server has said who is signed in there is no one to ask for.
  if (!signedIn) return <Pending />;
  return <AskedCreate {...props} />;
}

function Pending() {
  const t = useT();
  return (
    <p role="status" className="px-4 py-6 text-muted">
      {t('app.form.loading')}
    </p>
  );
}

function AskedCreate({ cell, typeName, children, renderError }: Props) {
  const asked = useCellViewActor(cell, 'createAllowed', resourceMachine, { load: createCall(typeName) });
  if (!asked) return <Pending />;
  return (
    <Answer asked={asked} cell={cell} typeName={typeName} renderError={renderError}>
      {children}
    </Answer>
  );
}

const createCall = (typeName: string) => callOf(operations.isAllowed, { id: `${typeName}-0`, actions: ['create'] });
// Every create question has the same operation name, which is all the typed selector compares.
const selectAnswer = selectResourceData(createCall('Type'));

function Answer({ asked, cell, typeName, children, renderError }: Props & { asked: ResourceActorRef }) {
  const t = useT();
  const { router } = useActors();
  const answer = useSelector(asked, selectAnswer);
  const error = useSelector(asked, selectResourceError);
  if (error) return <>{renderError(error.userMessage, () => asked.send({ type: 'resource.reloadRequested' }))}</>;
  if (!answer) return <Pending />;
  if (answer.allowed.create === true) return <>{children}</>;
  const type = t(`types.${typeName}`);
  return (
    <NotAllowedNotice heading={t('app.item.cannotCreate', { type })} text={t('app.item.cannotCreateText')}>
      <button
        type="button"
        className={NOTICE_ACTION}
        onClick={() => router.send({ type: 'router.closeRequested', key: cell.getSnapshot().context.spec.key })}
      >
        {t('app.item.goBack')}
      </button>
    </NotAllowedNotice>
  );
}
