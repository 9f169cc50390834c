/** The item's meta information (spec 000 §2 "meta (info dialog)"): id, type, visibility, creation, update count, labels. */
import type { ReactNode } from 'react';
import type { Item } from '../../../shared/items/types';
import { useT } from '../../i18n/useT';
import { Button } from '../../shell/Button';
import { Modal } from '../../shell/Modal';
import { formatDate } from '../fields/formatDate';
import { LabelChip } from '../display/LabelChip';
import { useTypeLabel } from '../display/useTypeLabel';
import { VisibilityBadge } from '../display/VisibilityBadge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] items-baseline gap-3 border-b border-line py-2 last:border-b-0 max-sm:grid-cols-1 max-sm:gap-1">
      <dt className="text-muted">{label}</dt>
      <dd className="m-0 min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The info dialog of one item. */
export function MetaDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const t = useT();
  const typeLabel = useTypeLabel();
  const labels = Object.entries(item.$labels ?? {});
  return (
    <Modal open title={t('app.meta.title')} onClose={onClose} maxWidth={1200} actions={<Button onClick={onClose}>{t('app.close')}</Button>}>
      <dl className="m-0">
        <Row label={t('app.meta.id')}>
          <code className="font-mono">{item.$id}</code>
        </Row>
        <Row label={t('app.meta.type')}>{typeLabel(item._t)}</Row>
        <Row label={t('app.meta.visibility')}>
          <VisibilityBadge visibility={item.$access} />
        </Row>
        <Row label={t('app.meta.createdAt')}>{formatDate(item._c.ts, true)}</Row>
        <Row label={t('app.meta.createdBy')}>
          {/* A creator the reader may not read is said generically, never by id. */}
          {!item._c.by ? (
            t('app.meta.system')
          ) : item.$labels?.[item._c.by] ? (
            <LabelChip id={item._c.by} label={item.$labels[item._c.by]} />
          ) : (
            t('events.someone')
          )}
        </Row>
        <Row label={t('app.meta.updates')}>{item._u}</Row>
        <Row label={t('app.meta.labels')}>
          {labels.length === 0 ? (
            t('app.meta.noLabels')
          ) : (
            <ul className="m-0 flex list-none flex-wrap gap-1.5 p-0">
              {labels.map(([id, label]) => (
                <li key={id}>
                  <LabelChip id={id} label={label} />
                </li>
              ))}
            </ul>
          )}
        </Row>
      </dl>
    </Modal>
  );
}
