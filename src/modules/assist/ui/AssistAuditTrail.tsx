/**
 * One help session's audit trail in the agent's console (issue 18): every consent event, newest
 * first, with the names of the user and the agent and the time as DD-MMM-YYYY HH:mm. Read again
 * whenever the console's state changes (`revision`), so what the agent just did shows.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { CellActorRef } from '../../../../machines/router/cellMachine';
import { resourceMachine, selectResourceData, selectResourceError } from '../../../../machines/session/resourceMachine';
import { AdminError } from '../../../client/admin/AdminError';
import { useT } from '../../../client/i18n/useT';
import { formatDate } from '../../../client/items/fields/formatDate';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { callOf } from '../../../shared/protocol/operationCall';
import { assistOperations, type AssistAuditRow } from '../operations';

/** The message of an event: who did what (the answer's and the kind's own words). */
function useDescribe(): (row: AssistAuditRow) => string {
  const t = useT();
  return (row) => {
    const who = row.by === 'agent' ? (row.agentName ?? t('assist.audit.anAgent')) : row.userName;
    const kind = row.kind ? t(`assist.kind.${row.kind}`) : '';
    const answer = row.answer ? t(`assist.answer.${row.answer}`) : '';
    return t(`assist.audit.${row.event}`, { who, kind, answer, agent: row.agentName ?? t('assist.audit.anAgent') });
  };
}

export function AssistAuditTrail({ cell, peerId, revision }: { cell: CellActorRef; peerId: string; revision: string }) {
  const t = useT();
  const id = useId();
  const describe = useDescribe();
  const load = callOf(assistOperations.audit, { peerId });
  const actor = useCellViewActor(cell, `assist-audit:${peerId}`, resourceMachine, { load });
  const rows = useSelector(actor ?? undefined, (s) => (s ? selectResourceData(load)(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectResourceError(s) : null));
  useEffect(() => actor?.send({ type: 'resource.reloadRequested' }), [actor, revision]);
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h3 id={`${id}-title`} className="m-0 text-base font-semibold">
        {t('assist.audit.title')}
      </h3>
      <AdminError error={error} />
      {rows === null ? (
        <p role="status" className="m-0 text-sm text-muted">
          {t('app.loading')}
        </p>
      ) : (
        <ol className="m-0 flex list-none flex-col gap-1 p-0 text-sm" data-testid="assist-audit">
          {rows.events.map((row, i) => (
            <li key={`${row.at}-${i}`} className="flex gap-3">
              <time dateTime={row.at} className="shrink-0 tabular-nums text-muted">
                {formatDate(row.at, true)}
              </time>
              <span>{describe(row)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
