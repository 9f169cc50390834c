/**
 * A collection's places as files, on its read screen (issue 17): "Export" writes them as GeoJSON or
 * KML (the export task: its progress in the help menu's tasks, its file downloaded when it is done),
 * and "Import into this collection" opens a new Import of a GIS file already going into it. Each is
 * offered only as the server answered (machines/spatial/collectionActionsMachine.ts).
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import {
  collectionActionsMachine,
  EXPORT_FORMATS,
  selectCollectionActionBusy,
  selectCollectionActions,
  type CollectionActionsSnapshot,
  type ExportFormat,
} from '../../../../machines/spatial/collectionActionsMachine';
import type { CellSnapshot } from '../../../../machines/router/cellMachine';
import { useT } from '../../../client/i18n/useT';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { Button } from '../../../client/shell/Button';
import type { CollectionActions as Allowed } from '../operations';

const NOTHING: Allowed = { export: false, import: false };
const selectKey = (s: CellSnapshot): string => s.context.spec.key;
const selectAllowed = (s: CollectionActionsSnapshot | undefined): Allowed => (s ? selectCollectionActions(s) : NOTHING);
const selectBusy = (s: CollectionActionsSnapshot | undefined): boolean => (s ? selectCollectionActionBusy(s) : true);
const selectExport = (s: CollectionActionsSnapshot | undefined): boolean => selectAllowed(s).export;
const selectImport = (s: CollectionActionsSnapshot | undefined): boolean => selectAllowed(s).import;

/** The collection's export and import, or nothing when the reader may take neither. */
export function CollectionActions({ item, cell }: ItemPanelProps) {
  const t = useT();
  const base = useId();
  const [format, setFormat] = useState<ExportFormat>('GEOJSON');
  const cellKey = useSelector(cell, selectKey);
  const actor = useCellViewActor(cell, `collection-actions-${item.$id}`, collectionActionsMachine, {
    collectionId: item.$id,
    cellKey,
  });
  const mayExport = useSelector(actor ?? undefined, selectExport);
  const mayImport = useSelector(actor ?? undefined, selectImport);
  const busy = useSelector(actor ?? undefined, selectBusy);
  if (item.$deleted || (!mayExport && !mayImport)) return null;
  const label = typeof item.label === 'string' ? item.label : '';
  return (
    <section aria-labelledby={`${base}-title`} className="mx-4 mt-4 flex flex-col gap-2 rounded border border-line p-3">
      <h3 id={`${base}-title`} className="m-0 text-base font-semibold">
        {t('spatial.collection.files')}
      </h3>
      <div className="flex flex-wrap items-end gap-2">
        {mayExport ? (
          <>
            <label className="flex flex-col gap-1 text-sm text-ink">
              {t('spatial.collection.format')}
              <select
                value={format}
                onChange={(e) => setFormat(e.target.value as ExportFormat)}
                className="rounded-md border border-line bg-surface px-2 py-1.5 text-ink"
              >
                {EXPORT_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {t(`spatial.collection.format.${f}`)}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="primary" disabled={busy} onClick={() => actor?.send({ type: 'collection.exportRequested', format })}>
              {t('spatial.collection.export')}
            </Button>
          </>
        ) : null}
        {mayImport ? (
          <Button
            variant="plain"
            disabled={busy}
            onClick={() =>
              actor?.send({ type: 'collection.importRequested', label: t('spatial.collection.importLabel', { collection: label }) })
            }
          >
            {t('spatial.collection.import')}
          </Button>
        ) : null}
      </div>
      <p className="m-0 text-sm text-muted">{t(mayExport ? 'spatial.collection.exportHelp' : 'spatial.collection.importHelp')}</p>
    </section>
  );
}
