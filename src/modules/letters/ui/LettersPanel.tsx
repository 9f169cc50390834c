/**
 * The Letters panel of a response's read screen (issue 15): its letters with their state and who did
 * what, a new letter written from one of the community's templates (the filled preview first), and
 * each letter's moves as the chart allows them to the signed-in user (the server decides again).
 * Its state is one actor of the column (machines/letters/responseLettersMachine.ts): it loads
 * act/responseLetters, saves through the letter operations, and follows the response's letters live.
 */
import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { selectTokenValid, selectUser } from '../../../../machines/session/authSelectors';
import { responseLettersMachine } from '../../../../machines/letters/responseLettersMachine';
import { selectWatchedListBusy, selectWatchedListData, selectWatchedListError } from '../../../../machines/session/watchedListMachine';
import { AdminError } from '../../../client/admin/AdminError';
import { useT } from '../../../client/i18n/useT';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { useActors } from '../../../client/session/useActors';
import type { StateCaller } from '../../../shared/items/stateCharts';
import { callOf, type OperationCall } from '../../../shared/protocol/operationCall';
import { lettersOperations, type ResponseLetters } from '../operations';
import { LetterCard } from './LetterCard';
import { NewLetter } from './NewLetter';

/** The panel, on a response that is not deleted. */
export function LettersPanel({ item, cell }: ItemPanelProps) {
  return item.$deleted ? null : <Letters responseId={item.$id} cell={cell} />;
}

function Letters({ responseId, cell }: { responseId: string; cell: ItemPanelProps['cell'] }) {
  const t = useT();
  const base = useId();
  const { auth } = useActors();
  const valid = useSelector(auth, selectTokenValid);
  const user = useSelector(auth, selectUser);
  const load = useMemo(() => callOf(lettersOperations.responseLetters, { responseId }), [responseId]);
  const actor = useCellViewActor(cell, `letters:${responseId}`, responseLettersMachine, { responseId, load });
  const data = useSelector(actor ?? undefined, (s) => (s ? (selectWatchedListData(s) as ResponseLetters | null) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectWatchedListError(s) : null));
  const busy = useSelector(actor ?? undefined, (s) => (s ? selectWatchedListBusy(s) : true));
  // The same description of the caller the server builds from its principal.
  const caller = useMemo<StateCaller | null>(
    () =>
      valid && user ? { userId: user.$id, admin: user.admin, capabilities: user.capabilities, organizations: user.organizations } : null,
    [valid, user],
  );
  const save = (call: OperationCall) => actor?.send({ type: 'letters.saveRequested', call });
  // Readers who may not write see the panel only once there are letters.
  if (data && !data.mayWrite && data.letters.length === 0) return null;
  const names = new Map((data?.contacts ?? []).map((c) => [c.id, c.label]));
  return (
    <section
      aria-labelledby={`${base}-title`}
      className="mx-4 mb-4 flex flex-col gap-3 rounded border border-line p-3"
      data-testid="letters-panel"
    >
      <h4 id={`${base}-title`} className="m-0 font-semibold">
        {t('letters.panel.title')}
      </h4>
      <AdminError error={error} />
      {data === null ? (
        <p role="status" className="m-0 text-sm text-muted">
          {t('app.loading')}
        </p>
      ) : (
        <>
          {data.letters.length === 0 ? <p className="m-0 text-sm text-muted">{t('letters.panel.none')}</p> : null}
          <ul className="m-0 flex list-none flex-col gap-3 p-0">
            {data.letters.map((letter) => (
              <li key={letter.id}>
                <LetterCard
                  letter={letter}
                  mayWrite={data.mayWrite}
                  caller={caller}
                  busy={busy}
                  names={names}
                  error={error}
                  onSave={save}
                />
              </li>
            ))}
          </ul>
          {data.mayWrite ? (
            data.templates.length === 0 ? (
              <p className="m-0 text-sm text-muted">{t('letters.panel.noTemplates')}</p>
            ) : (
              <NewLetter responseId={responseId} cell={cell} data={data} busy={busy} error={error} onSave={save} />
            )
          ) : null}
        </>
      )}
    </section>
  );
}
