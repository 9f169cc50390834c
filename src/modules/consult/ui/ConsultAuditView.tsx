/**
 * consult.audit (spec 001 §2): every state change of every consultation the user may read, newest
 * first, filtered by the state reached or the transition taken, by one consultation and by day. The
 * server answers only what its reader may read (act/consultAudit); each filter set is a resource
 * actor of the column.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  resourceMachine,
  selectResourceBusy,
  selectResourceData,
  selectResourceError,
  type ResourceActorRef,
} from '../../../../machines/session/resourceMachine';
import { AdminError } from '../../../client/admin/AdminError';
import { CardItemLink } from '../../../client/dashboard/CardItemLink';
import { useT } from '../../../client/i18n/useT';
import { DateTextInput } from '../../../client/items/fields/DateTextInput';
import { formatDate } from '../../../client/items/fields/formatDate';
import type { PropertyDef } from '../../../shared/items/types';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { Button } from '../../../client/shell/Button';
import type { CellActorRef } from '../../../../machines/router/cellMachine';
import { callOf, type OperationCall } from '../../../shared/protocol/operationCall';
import { CONSULTATION_STATES } from '../consultRules';
import { consultOperations, type ConsultAuditEntry } from '../operations';
import { transitionKind } from '../../../shared/events/EventKindDef';

/** The consultation chart's events, in the order of a consultation's life. */
export const AUDIT_EVENTS = [
  'consultation.submit',
  'consultation.assign',
  'consultation.unassign',
  'consultation.return',
  'consultation.distribute',
  'consultation.respond',
  'consultation.reopen',
  'consultation.close',
  'consultation.withdraw',
] as const;

/** What the audit is narrowed to. */
export interface AuditFilters {
  to: string;
  event: string;
  from: string;
  until: string;
  consultation: { id: string; label: string } | null;
}

const NONE: AuditFilters = { to: '', event: '', from: '', until: '', consultation: null };

/** The act/consultAudit call of `filters`. */
export function auditCall(filters: AuditFilters): OperationCall<{ entries: ConsultAuditEntry[]; total: number }> {
  return callOf(consultOperations.audit, {
    ...(filters.to ? { to: [filters.to] } : {}),
    ...(filters.event ? { kinds: [transitionKind(filters.event)] } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.until ? { until: filters.until } : {}),
    ...(filters.consultation ? { consultationId: filters.consultation.id } : {}),
    tzOffset: new Date().getTimezoneOffset(),
  });
}

export function ConsultAuditView({ cell, spec }: CellViewProps) {
  const t = useT();
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'history' }), [cell, title]);
  const [filters, setFilters] = useState<AuditFilters>(NONE);
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const base = useId();
  const field = 'rounded border border-line bg-surface px-2 py-1.5 text-sm text-ink';
  return (
    <div className="flex flex-col gap-3 p-3">
      <form
        aria-label={t('consult.audit.filters')}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
        data-testid="audit-filters"
      >
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${base}-to`}>
          {t('consult.audit.to')}
          <select id={`${base}-to`} className={field} value={filters.to} onChange={(e) => set({ to: e.target.value })}>
            <option value="">{t('consult.audit.any')}</option>
            {CONSULTATION_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`options.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${base}-event`}>
          {t('consult.audit.event')}
          <select id={`${base}-event`} className={field} value={filters.event} onChange={(e) => set({ event: e.target.value })}>
            <option value="">{t('consult.audit.any')}</option>
            {AUDIT_EVENTS.map((ev) => (
              <option key={ev} value={ev}>
                {t(`types.Consultation.state.${ev}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${base}-from`}>
          {t('consult.audit.from')}
          <AuditDate id={`${base}-from`} value={filters.from} onChange={(from) => set({ from })} />
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${base}-until`}>
          {t('consult.audit.until')}
          <AuditDate id={`${base}-until`} value={filters.until} onChange={(until) => set({ until })} />
        </label>
        {filters.consultation ? (
          <p className="flex items-center gap-2 text-sm" data-testid="audit-consultation">
            <span>{t('consult.audit.only', { label: filters.consultation.label })}</span>
            <Button variant="plain" className="border border-line px-2 py-1" onClick={() => set({ consultation: null })}>
              {t('consult.audit.allConsultations')}
            </Button>
          </p>
        ) : null}
        {filters !== NONE ? (
          <Button variant="plain" className="border border-line" onClick={() => setFilters(NONE)}>
            {t('consult.audit.clear')}
          </Button>
        ) : null}
      </form>
      {/* A component per filter set: its resource actor is asked with that set's call. */}
      <AuditEntries key={JSON.stringify(filters)} cell={cell} filters={filters} onConsultation={(consultation) => set({ consultation })} />
    </div>
  );
}

const DAY_DEF: PropertyDef = { kind: 'DT' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MODEL_TYPE = {
  name: 'ConsultAuditFilter',
  defaultIcon: 'history',
  properties: {},
  label: () => '',
  defaultAccess: 'PRIVATE',
} as const;

/** A day typed as the product shows dates (DD-MMM-YYYY), the browser's calendar a click away; '' when none. */
function AuditDate({ id, value, onChange }: { id: string; value: string; onChange: (day: string) => void }) {
  // What is typed stays as typed until it makes a day (or nothing): only then does the filter change.
  const [raw, setRaw] = useState<string>(value);
  useEffect(() => {
    if (value === '' && DAY.test(raw)) setRaw('');
  }, [value, raw]);
  return (
    <DateTextInput
      name={id}
      def={DAY_DEF}
      value={raw}
      item={null}
      type={MODEL_TYPE}
      inputId={id}
      errorId={`${id}-error`}
      error={null}
      shake={false}
      withTime={false}
      onChange={(v) => {
        const text = typeof v === 'string' ? v : '';
        setRaw(text);
        if (text === '' || DAY.test(text)) onChange(text);
      }}
      onBlur={() => undefined}
    />
  );
}

/** The entries of one filter set: a resource actor of the column for each set asked. */
function AuditEntries({
  cell,
  filters,
  onConsultation,
}: {
  cell: CellActorRef;
  filters: AuditFilters;
  onConsultation: (c: { id: string; label: string }) => void;
}) {
  const call = useMemo(() => auditCall(filters), [filters]);
  const key = `consult-audit:${JSON.stringify(call.b ?? {})}`;
  const actor = useCellViewActor(cell, key, resourceMachine, { load: call });
  return actor ? <AuditList actor={actor} call={call} onConsultation={onConsultation} /> : null;
}

function AuditList({
  actor,
  call,
  onConsultation,
}: {
  actor: ResourceActorRef;
  call: ReturnType<typeof auditCall>;
  onConsultation: (c: { id: string; label: string }) => void;
}) {
  const t = useT();
  const select = useMemo(() => selectResourceData(call), [call]);
  const data = useSelector(actor, select);
  const error = useSelector(actor, selectResourceError);
  const busy = useSelector(actor, selectResourceBusy);
  if (error) return <AdminError error={error} />;
  if (!data)
    return busy ? (
      <p role="status" className="text-muted">
        {t('app.loading')}
      </p>
    ) : null;
  if (data.entries.length === 0) return <p className="m-2 text-muted">{t('consult.audit.empty')}</p>;
  return (
    <section aria-label={t('consult.audit.title')}>
      <p className="mb-2 text-sm text-muted" role="status">
        {data.total > data.entries.length
          ? t('consult.audit.countShown', { total: data.total, shown: data.entries.length })
          : t('consult.audit.count', { total: data.total })}
      </p>
      <ol className="flex flex-col divide-y divide-line rounded border border-line" data-testid="audit-entries">
        {data.entries.map((e) => (
          <li key={e.id} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:items-baseline sm:gap-4" data-testid="audit-entry">
            <time dateTime={e.ts} className="shrink-0 text-sm tabular-nums text-muted sm:w-40">
              {formatDate(e.ts, true)}
            </time>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <p className="m-0">
                <strong className="font-medium">{t(`types.Consultation.state.${e.kind.replace(/^state\./, '')}`)}</strong>{' '}
                <span className="text-sm text-muted">
                  {e.from ? t(`options.${e.from}`) : ''} → {e.to ? t(`options.${e.to}`) : ''}
                </span>
              </p>
              <p className="m-0 flex flex-wrap items-baseline gap-x-3 text-sm">
                <CardItemLink id={e.consultation}>{e.label || t('consult.audit.unnamed')}</CardItemLink>
                <button
                  type="button"
                  className="text-xs text-primary-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-blue-300"
                  onClick={() => onConsultation({ id: e.consultation, label: e.label })}
                >
                  {t('consult.audit.onlyThis')}
                </button>
              </p>
            </div>
            <span className="shrink-0 text-sm text-muted sm:w-48 sm:text-right">{e.byLabel ?? t('consult.audit.someone')}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
