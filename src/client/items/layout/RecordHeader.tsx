/**
 * The header of every item screen (issue 16): the type's icon, or an avatar for a person, the item's
 * title and type, its visibility, its state where the type has a state chart, and who changed it last
 * and when (a user the reader may not read is "Someone").
 */
import { itemStateCharts } from '../../../shared/itemStateCharts';
import type { Item, ItemTypeDef } from '../../../shared/items/types';
import { useT } from '../../i18n/useT';
import { CellIcon } from '../../layout/CellIcon';
import { Avatar } from '../display/Avatar';
import { useTypeLabel } from '../display/useTypeLabel';
import { VisibilityBadge } from '../display/VisibilityBadge';
import { formatDate } from '../fields/formatDate';

const PEOPLE = new Set(['person', 'contact']);

/** The last change of `item`, or its creation when it has not changed since (or the server did not say). */
function lastChange(item: Item): { ts: string; by: string | null; created: boolean } | null {
  if (item._m && item._u > 1) return { ...item._m, created: false };
  if (item._c?.ts) return { ts: item._c.ts, by: item._c.by, created: true };
  return null;
}

/** The header above an item's read and edit screens. */
export function RecordHeader({
  item,
  type,
  title,
  showState = true,
}: {
  item: Item;
  type: ItemTypeDef;
  title: string;
  /** False where the state panel below shows the state with its steps: the state is shown once. */
  showState?: boolean;
}) {
  const t = useT();
  const typeLabel = useTypeLabel()(type.name);
  const chart = itemStateCharts().get(type.name);
  const state = chart ? item[chart.property] : undefined;
  const change = lastChange(item);
  const who = change?.by ? (item.$labels?.[change.by] ?? t('events.someone')) : null;
  const when = change ? formatDate(change.ts, true) : '';
  const changeText = change
    ? t(`app.record.${change.created ? 'created' : 'changed'}${who ? 'By' : ''}`, { date: when, who: who ?? '' })
    : null;
  return (
    <header data-testid="record-header" className="flex items-start gap-3 border-b border-line px-4 py-3">
      {PEOPLE.has(type.defaultIcon) ? (
        <Avatar id={item.$id} name={title} size={44} />
      ) : (
        <span
          data-testid="record-icon"
          data-icon={type.defaultIcon}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary"
        >
          <CellIcon name={type.defaultIcon} />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="m-0 break-words text-xl font-semibold leading-tight text-ink">{title}</p>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <span>{typeLabel}</span>
          <VisibilityBadge visibility={item.$access} />
          {showState && chart && typeof state === 'string' ? (
            <span
              data-testid="record-state"
              className="inline-flex items-center rounded-full bg-line/60 px-2 py-0.5 text-xs font-medium text-ink"
              title={t(`types.${chart.type}.${chart.property}`)}
            >
              {t(`options.${state}`)}
            </span>
          ) : null}
        </div>
        {changeText ? (
          <p data-testid="record-changed" className="m-0 text-xs text-muted">
            {changeText}
          </p>
        ) : null}
      </div>
    </header>
  );
}
