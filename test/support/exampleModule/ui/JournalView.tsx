/** The journal view: how many entries the user keeps, and a button for a new one. Its state is a resource actor of its column. */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectResourceData, selectResourceError, type ResourceActorRef } from '../../../../machines/session/resourceMachine';
import { AdminError } from '../../../../src/client/admin/AdminError';
import { useT } from '../../../../src/client/i18n/useT';
import type { CellViewProps } from '../../../../src/client/layout/CellViewProps';
import { useCellViewActor } from '../../../../src/client/layout/useCellViewActor';
import { useActors } from '../../../../src/client/session/useActors';
import { Button } from '../../../../src/client/shell/Button';
import { callOf } from '../../../../src/shared/protocol/operationCall';
import { operations } from '../../../../src/shared/protocol/operations';
import { resourceMachine } from '../../../../machines/session/resourceMachine';

/** The user's entries, newest first: the answer's total is what the view shows. */
const ENTRIES = callOf(operations.search, { must: { _: 'JournalEntry' }, max: 0 });
const selectEntries = selectResourceData(ENTRIES);

export function JournalView({ cell, spec }: CellViewProps) {
  const t = useT();
  const { router } = useActors();
  const actor = useCellViewActor(cell, 'entries', resourceMachine, { load: ENTRIES });
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'book' }), [cell, title]);
  if (!actor) return null;
  return <JournalBody actor={actor} onNew={() => router.send({ type: 'router.opened', fromKey: spec.key, segment: 'i-JournalEntry-0' })} />;
}

function JournalBody({ actor, onNew }: { actor: ResourceActorRef; onNew: () => void }) {
  const t = useT();
  const entries = useSelector(actor, selectEntries);
  const error = useSelector(actor, selectResourceError);
  return (
    <div className="flex flex-col gap-3 px-4 py-3">
      <AdminError error={error} />
      {entries ? <p>{t('journal.count', { count: entries.total })}</p> : null}
      <div>
        <Button onClick={onNew}>{t('journal.new')}</Button>
      </div>
    </div>
  );
}
