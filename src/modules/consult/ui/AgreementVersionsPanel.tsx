/**
 * An agreement's saved versions, compared (issue 14: "every saved version kept and comparable"): the
 * versions the server keeps (act/agreementVersions), each named by its number, when and by whom it was
 * saved; two chosen (the one before the latest and the latest to begin with), and the properties that
 * differ between them side by side, each shown as the read screen shows it. Its state is one actor of
 * the column (machines/consult/agreementVersionsMachine.ts): it loads act/agreementVersions and loads
 * again whenever the agreement is saved, here or elsewhere (the pushed agreement). Which two versions
 * are compared is this view's own choice.
 */
import { useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import { agreementVersionsMachine, type AgreementVersionsSnapshot } from '../../../../machines/consult/agreementVersionsMachine';
import { selectWatchedListData, selectWatchedListError } from '../../../../machines/session/watchedListMachine';
import { AdminError } from '../../../client/admin/AdminError';
import { useT } from '../../../client/i18n/useT';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { FIELD_KINDS } from '../../../client/items/fields/fieldKinds';
import { formatDate } from '../../../client/items/fields/formatDate';
import { labelKey } from '../../../client/items/labelKey';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { itemTypes } from '../../../shared/itemTypes';
import type { Item, ItemTypeDef } from '../../../shared/items/types';
import { callOf } from '../../../shared/protocol/operationCall';
import { consultOperations, type AgreementVersion } from '../operations';

type Answer = { versions: AgreementVersion[]; labels: Record<string, string> };

/** The properties whose values differ between two versions, in the type's order. */
function changedBetween(type: ItemTypeDef, a: AgreementVersion, b: AgreementVersion): string[] {
  const same = (x: unknown, y: unknown) => JSON.stringify(x ?? null) === JSON.stringify(y ?? null);
  return Object.keys(type.properties).filter((name) => !same(a.data[name], b.data[name]));
}

const selectAnswer = (s: AgreementVersionsSnapshot | undefined) => (s ? (selectWatchedListData(s) as Answer | null) : null);
const selectError = (s: AgreementVersionsSnapshot | undefined) => (s ? selectWatchedListError(s) : null);

export function AgreementVersionsPanel({ item, cell }: ItemPanelProps) {
  const t = useT();
  const base = useId();
  const agreementId = item.$id;
  const load = useMemo(() => callOf(consultOperations.agreementVersions, { agreementId }), [agreementId]);
  const actor = useCellViewActor(cell, `consult-agreement-versions:${agreementId}`, agreementVersionsMachine, { agreementId, load });
  const answer = useSelector(actor ?? undefined, selectAnswer);
  const error = useSelector(actor ?? undefined, selectError);
  const versions = answer?.versions ?? [];
  const [picked, setPicked] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });
  const type = itemTypes.get(item._t);
  if (!type) return null;
  const latest = versions.at(-1);
  const to = versions.find((v) => v.u === picked.to) ?? latest;
  const from = versions.find((v) => v.u === picked.from) ?? versions.at(-2) ?? latest;
  const nameOf = (v: AgreementVersion) =>
    t('consult.versions.option', {
      n: v.u,
      at: formatDate(v.ts, true),
      by: (v.by && answer?.labels[v.by]) || t('consult.versions.someone'),
    });
  const choose = (which: 'from' | 'to', label: string, value: AgreementVersion | undefined) => (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={`${base}-${which}`} className="text-sm font-medium text-muted">
        {label}
      </label>
      <select
        id={`${base}-${which}`}
        value={value?.u ?? ''}
        onChange={(e) => setPicked((p) => ({ ...p, [which]: Number(e.target.value) }))}
        className="w-full min-w-0 rounded border border-line bg-surface px-3 py-2 text-ink"
      >
        {versions.map((v) => (
          <option key={v.u} value={v.u}>
            {nameOf(v)}
          </option>
        ))}
      </select>
    </div>
  );
  const changed = from && to ? changedBetween(type, from, to) : [];
  return (
    <section
      aria-labelledby={`${base}-title`}
      className="mx-4 mb-4 flex flex-col gap-3 rounded border border-line p-3"
      data-testid="agreement-versions"
    >
      <h4 id={`${base}-title`} className="m-0 font-semibold">
        {t('consult.versions.title')}
      </h4>
      <AdminError error={error} />
      {answer === null ? (
        error ? null : (
          <p role="status" className="m-0 text-sm text-muted">
            {t('app.loading')}
          </p>
        )
      ) : versions.length < 2 ? (
        <p className="m-0 text-sm text-muted">{t('consult.versions.one')}</p>
      ) : (
        <>
          <p className="m-0 text-sm text-muted">{t('consult.versions.help', { count: versions.length })}</p>
          <div className="grid grid-cols-1 gap-2 @md:grid-cols-2">
            {choose('from', t('consult.versions.from'), from)}
            {choose('to', t('consult.versions.to'), to)}
          </div>
          {changed.length === 0 ? (
            <p className="m-0 text-sm text-muted">{t('consult.versions.same')}</p>
          ) : (
            <table className="w-full table-fixed border-collapse text-sm">
              <caption className="sr-only">{t('consult.versions.caption', { from: from!.u, to: to!.u })}</caption>
              <thead>
                <tr className="text-left text-muted">
                  <th scope="col" className="w-1/4 border-b border-line py-1 pr-2 font-medium">
                    {t('consult.versions.property')}
                  </th>
                  <th scope="col" className="border-b border-line py-1 pr-2 font-medium">
                    {t('consult.versions.numbered', { n: from!.u })}
                  </th>
                  <th scope="col" className="border-b border-line py-1 font-medium">
                    {t('consult.versions.numbered', { n: to!.u })}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changed.map((name) => (
                  <tr key={name} className="align-top">
                    <th scope="row" className="border-b border-line py-2 pr-2 text-left font-medium text-ink">
                      {t(labelKey(type, name, type.properties[name]!))}
                    </th>
                    <td className="min-w-0 break-words border-b border-line py-2 pr-2">
                      <VersionValue type={type} name={name} version={from!} item={item} labels={answer.labels} />
                    </td>
                    <td className="min-w-0 break-words border-b border-line py-2">
                      <VersionValue type={type} name={name} version={to!} item={item} labels={answer.labels} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

/** One property of one version, as the read screen shows it; "Not set" when it held nothing. */
function VersionValue({
  type,
  name,
  version,
  item,
  labels,
}: {
  type: ItemTypeDef;
  name: string;
  version: AgreementVersion;
  item: Item;
  labels: Record<string, string>;
}) {
  const t = useT();
  const def = type.properties[name]!;
  const value = version.data[name];
  const kind = FIELD_KINDS[def.kind];
  const empty = kind?.isEmpty
    ? kind.isEmpty(value)
    : value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty || !kind) return <span className="text-muted">{t('consult.versions.notSet')}</span>;
  const asItem = { ...item, ...version.data, $labels: { ...item.$labels, ...labels } } as Item;
  return <kind.Show name={name} def={def} value={value} item={asItem} type={type} />;
}
