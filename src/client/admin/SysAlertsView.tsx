/** admin.sysalerts: create system alerts, edit them and end them; modal or not (spec 000 §3, §4). */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  selectAdminItems,
  selectAdminItemsError,
  selectAdminItemsStatus,
  selectAdminSaveError,
  selectAdminSavingKey,
  type AdminItemsActorRef,
} from '../../../machines/admin/adminItemsMachine';
import { SEARCH_MAX_ALL } from '../../shared/constants';
import type { Item } from '../../shared/items/types';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { Button } from '../shell/Button';
import { AdminError } from './AdminError';
import { SysAlertForm, type SysAlertDraft } from './SysAlertForm';
import { useCellViewActor } from '../layout/useCellViewActor';
import { callOf } from '../../shared/protocol/operationCall';
import { operations } from '../../shared/protocol/operations';
import { adminItemsMachine } from '../../../machines/admin/adminItemsMachine';

/** Every system alert, newest first; ended ones stay listed. */
const QUERY = { must: { _: 'SystemAlert' }, max: SEARCH_MAX_ALL };

const isActive = (alert: Item): boolean => alert.active !== false;

function AlertEntry({ actor, alert }: { actor: AdminItemsActorRef; alert: Item }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const status = useSelector(actor, selectAdminItemsStatus);
  const savingKey = useSelector(actor, selectAdminSavingKey);
  const saveError = useSelector(actor, selectAdminSaveError);
  const mine = savingKey === alert.$id;
  const busy = status === 'SAVING' || status === 'LOADING';
  // A saved edit closes the form once the list has the new version.
  useEffect(() => {
    if (mine && status === 'LOADING') setEditing(false);
  }, [mine, status]);
  const update = (change: Record<string, unknown>) =>
    actor.send({ type: 'adminItems.saved', key: alert.$id, call: callOf(operations.update, { $id: alert.$id, _u: alert._u, ...change }) });
  const active = isActive(alert);
  const headingId = `${alert.$id}-title`;
  if (editing) {
    return (
      <li>
        <SysAlertForm
          alert={alert}
          busy={busy}
          error={mine ? saveError : null}
          onSubmit={(draft) => update({ ...draft })}
          onCancel={() => {
            setEditing(false);
            if (mine) actor.send({ type: 'adminItems.errorCleared' });
          }}
        />
      </li>
    );
  }
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-2 rounded border border-line bg-panel p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-medium text-ink">
          {String(alert.title ?? '')}
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-xs ${active ? 'bg-primary text-white' : 'border border-line text-muted'}`}>
          {t(active ? 'admin.sysalerts.active' : 'admin.sysalerts.ended')}
        </span>
        {alert.modal === true ? (
          <span className="rounded-full border border-line px-2 py-0.5 text-xs text-ink">{t('admin.sysalerts.modalBadge')}</span>
        ) : null}
      </div>
      <p className="whitespace-pre-wrap text-sm text-ink">{String(alert.message ?? '')}</p>
      {mine && saveError ? <AdminError error={saveError} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="plain" onClick={() => setEditing(true)} aria-describedby={headingId}>
          {t('admin.edit')}
        </Button>
        {active ? (
          <Button variant="plain" disabled={busy} onClick={() => update({ active: false })} aria-describedby={headingId}>
            {t('admin.sysalerts.end')}
          </Button>
        ) : (
          <Button variant="plain" disabled={busy} onClick={() => update({ active: true })} aria-describedby={headingId}>
            {t('admin.sysalerts.restart')}
          </Button>
        )}
      </div>
    </li>
  );
}

function SysAlertsPanel({ actor }: { actor: AdminItemsActorRef }) {
  const t = useT();
  const status = useSelector(actor, selectAdminItemsStatus);
  const items = useSelector(actor, selectAdminItems);
  const error = useSelector(actor, selectAdminItemsError);
  const savingKey = useSelector(actor, selectAdminSavingKey);
  const saveError = useSelector(actor, selectAdminSaveError);
  // The new-alert form starts empty again after each alert created.
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (savingKey === 'new' && status === 'LOADING') setFormKey((k) => k + 1);
  }, [savingKey, status]);
  const create = (draft: SysAlertDraft) =>
    actor.send({
      type: 'adminItems.saved',
      key: 'new',
      call: callOf(operations.create, { ...draft, active: true }, { type: 'SystemAlert' }),
    });
  return (
    <div className="flex flex-col gap-4 px-3 py-4">
      <section aria-labelledby="sysalerts-new" className="flex flex-col gap-2">
        <h2 id="sysalerts-new" className="text-base font-semibold text-ink">
          {t('admin.sysalerts.newForm')}
        </h2>
        <SysAlertForm key={formKey} busy={status === 'SAVING'} error={savingKey === 'new' ? saveError : null} onSubmit={create} />
      </section>
      <section aria-labelledby="sysalerts-list" className="flex flex-col gap-2">
        <h2 id="sysalerts-list" className="text-base font-semibold text-ink">
          {t('admin.sysalerts.list')}
        </h2>
        <AdminError error={error} />
        {status === 'LOADING' && items.length === 0 ? (
          <p role="status" className="text-muted">
            {t('app.loading')}
          </p>
        ) : status !== 'FAILED' && items.length === 0 ? (
          <p className="text-muted">{t('admin.sysalerts.none')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {items.map((alert) => (
              <AlertEntry key={`${alert.$id}:${alert._u}`} actor={actor} alert={alert} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The system alerts screen (administrators; others see the server's refusal). */
export function SysAlertsView({ cell, spec }: CellViewProps) {
  const t = useT();
  const actor = useCellViewActor(cell, 'alerts', adminItemsMachine, { query: QUERY, readItems: true });
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'campaign' }), [cell, title]);
  return actor ? <SysAlertsPanel actor={actor} /> : null;
}
