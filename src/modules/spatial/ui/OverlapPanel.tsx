/**
 * "Protected places nearby" on the read screen of every type with a shape (issue 17): a holder of
 * Spatial checks the item's area against the active places of the community, within a buffer they
 * choose, and reads which places meet it or lie near it, as links, and how many places of each kind
 * they may not see (never where or what they are). The answer is a resource actor of the cell
 * (act/spatialOverlap), one per question asked.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { selectUser } from '../../../../machines/session/authSelectors';
import { resourceMachine, selectResourceBusy, selectResourceData, selectResourceError } from '../../../../machines/session/resourceMachine';
import { AdminError } from '../../../client/admin/AdminError';
import { CardItemLink } from '../../../client/dashboard/CardItemLink';
import { useT } from '../../../client/i18n/useT';
import { formatDate } from '../../../client/items/fields/formatDate';
import { useSiteLovLabel } from '../../../client/items/fields/LovField';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import type { CellActorRef } from '../../../../machines/router/cellMachine';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { useActors } from '../../../client/session/useActors';
import { Button } from '../../../client/shell/Button';
import { callOf, type OperationCall } from '../../../shared/protocol/operationCall';
import { overlapOperations } from '../overlapOperations';
import { OVERLAP_DEFAULT_BUFFER_M, type OverlapReport } from '../overlapReport';
import { holdsSpatial, SPL_TYPES } from '../spatialRules';

/** The buffers offered, in metres. */
export const BUFFERS_M = [0, 100, 500, 1_000, 5_000, 10_000, 50_000] as const;

/** "500 m", "5 km": a distance as a person reads it. */
function distanceLabel(t: ReturnType<typeof useT>, metres: number): string {
  return metres >= 1_000 ? t('spatial.overlap.km', { km: metres / 1_000 }) : t('spatial.overlap.m', { m: metres });
}

export function OverlapPanel({ item, cell }: ItemPanelProps) {
  const { auth } = useActors();
  const user = useSelector(auth, selectUser);
  // Whom the server answers (overlapServer.ts): holders of Spatial and administrators.
  return user && (user.admin || holdsSpatial(user)) && !item.$deleted ? <Overlap itemId={item.$id} cell={cell} /> : null;
}

function Overlap({ itemId, cell }: { itemId: string; cell: CellActorRef }) {
  const t = useT();
  const base = useId();
  const [bufferM, setBufferM] = useState<number>(OVERLAP_DEFAULT_BUFFER_M);
  // Each check is a question of its own: asked again, it is answered again (places change).
  const [asked, setAsked] = useState<{ call: OperationCall<OverlapReport>; round: number } | null>(null);
  const check = () =>
    setAsked((a) => ({ call: callOf(overlapOperations.spatialOverlap, { itemId, bufferM }), round: (a?.round ?? 0) + 1 }));
  return (
    <section aria-labelledby={`${base}-title`} className="mx-4 mb-4 flex flex-col gap-2 rounded border border-line p-3">
      <h4 id={`${base}-title`} className="m-0 font-semibold">
        {t('spatial.overlap.title')}
      </h4>
      <p className="m-0 text-sm text-muted">{t('spatial.overlap.help')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm text-ink">
          {t('spatial.overlap.buffer')}
          <select
            value={bufferM}
            onChange={(e) => setBufferM(Number(e.target.value))}
            className="rounded-md border border-line bg-surface px-2 py-1.5 text-ink"
          >
            {BUFFERS_M.map((m) => (
              <option key={m} value={m}>
                {m === 0 ? t('spatial.overlap.noBuffer') : distanceLabel(t, m)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="primary" onClick={check}>
          {t(asked ? 'spatial.overlap.again' : 'spatial.overlap.check')}
        </Button>
      </div>
      {asked ? <Answer key={asked.round} cell={cell} call={asked.call} id={`spatial-overlap:${itemId}:${asked.round}`} /> : null}
    </section>
  );
}

function Answer({ cell, call, id }: { cell: CellActorRef; call: OperationCall<OverlapReport>; id: string }) {
  const t = useT();
  const kindLabel = useSiteLovLabel(SPL_TYPES);
  const actor = useCellViewActor(cell, id, resourceMachine, { load: call });
  const report = useSelector(actor ?? undefined, (s) => (s ? selectResourceData(call)(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectResourceError(s) : null));
  const busy = useSelector(actor ?? undefined, (s) => (s ? selectResourceBusy(s) : true));
  if (error) return <AdminError error={error} />;
  if (busy || !report)
    return (
      <p role="status" className="m-0 text-sm text-muted">
        {t('spatial.overlap.checking')}
      </p>
    );
  const meeting = report.hits.filter((h) => h.relation === 'INTERSECTS').length;
  const hiddenKinds = Object.entries(report.hidden.byType)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, count]) => t('spatial.overlap.kindCount', { count, kind: kind ? kindLabel(kind) : t('spatial.overlap.noKind') }))
    .join(', ');
  return (
    <div role="status" className="flex flex-col gap-2 text-sm">
      <p className="m-0 text-ink">
        {report.total === 0
          ? t('spatial.overlap.none', { buffer: distanceLabel(t, report.bufferM) })
          : t('spatial.overlap.summary', { meeting, near: report.hits.length - meeting, buffer: distanceLabel(t, report.bufferM) })}
      </p>
      {report.hits.length > 0 ? (
        <ul className="m-0 flex list-none flex-col gap-1 p-0">
          {report.hits.map((h) => (
            <li key={h.id} className="flex flex-wrap items-center gap-2">
              <span
                className={`rounded px-1.5 py-0.5 text-xs font-medium ${h.relation === 'INTERSECTS' ? 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100' : 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100'}`}
              >
                {t(h.relation === 'INTERSECTS' ? 'spatial.overlap.meets' : 'spatial.overlap.near')}
              </span>
              <CardItemLink id={h.id}>{h.label}</CardItemLink>
              {h.spatialType ? <span className="text-muted">{kindLabel(h.spatialType)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {report.hidden.count > 0 ? (
        <p className="m-0 text-ink">{t('spatial.overlap.hidden', { count: report.hidden.count, kinds: hiddenKinds })}</p>
      ) : null}
      {report.cutShort ? <p className="m-0 text-muted">{t('spatial.overlap.cutShort')}</p> : null}
      <p className="m-0 text-xs text-muted">{t('spatial.overlap.at', { at: formatDate(report.at, true) })}</p>
    </div>
  );
}
