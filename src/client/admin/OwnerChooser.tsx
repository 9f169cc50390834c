/** The administrators' choice of the organisation that owns a dedicated site: a select of the organisations. */
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { adminItemsMachine, selectAdminIds, selectAdminLabels } from '../../../machines/admin/adminItemsMachine';
import { selectOwnerSaveError, selectOwnerSavingKey, selectOwnerStatus, type OwnerActorRef } from '../../../machines/admin/ownerMachine';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import { SEARCH_MAX_ALL } from '../../shared/constants';
import { useT } from '../i18n/useT';
import { useCellViewActor } from '../layout/useCellViewActor';
import { Button } from '../shell/Button';
import { AdminError } from './AdminError';

const ORGS_QUERY = { must: { _: 'Organization' }, max: SEARCH_MAX_ALL, labels: true };

type OrgsActorRef = ActorRefFrom<typeof adminItemsMachine>;

/** A select of every organisation and a button that makes the chosen one the owner. */
export function OwnerChooser({ cell, actor, current }: { cell: CellActorRef; actor: OwnerActorRef; current: string | null }) {
  const orgs = useCellViewActor(cell, 'orgs', adminItemsMachine, { query: ORGS_QUERY, readItems: false });
  return orgs ? <ChooserForm orgs={orgs} actor={actor} current={current} /> : null;
}

// The options are drawn by the select's own component, so the select shows its value once they arrive.
function ChooserForm({ orgs, actor, current }: { orgs: OrgsActorRef; actor: OwnerActorRef; current: string | null }) {
  const t = useT();
  const id = useId();
  const ids = useSelector(orgs, selectAdminIds);
  const labels = useSelector(orgs, selectAdminLabels);
  const status = useSelector(actor, selectOwnerStatus);
  const savingKey = useSelector(actor, selectOwnerSavingKey);
  const saveError = useSelector(actor, selectOwnerSaveError);
  const [choice, setChoice] = useState(current ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice && choice !== current) actor.send({ type: 'owner.chosen', orgId: choice });
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t('admin.owner.chooseForm')}
      className="flex flex-col gap-2 rounded border border-line bg-panel p-4"
    >
      <label htmlFor={id} className="text-sm font-medium">
        {t('admin.owner.choose')}
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id={id}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          required
          className="min-w-0 max-w-md flex-1 rounded border border-line bg-surface px-3 py-2 text-ink"
        >
          <option value="">{t('admin.owner.chooseOption')}</option>
          {ids.map((orgId) => (
            <option key={orgId} value={orgId}>
              {labels[orgId] ?? orgId}
            </option>
          ))}
        </select>
        <Button type="submit" disabled={status !== 'READY' || !choice || choice === current}>
          {t('admin.owner.makeOwner')}
        </Button>
      </div>
      {savingKey === 'owner' ? <AdminError error={saveError} /> : null}
    </form>
  );
}
