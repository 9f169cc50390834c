/**
 * The timeline of an item (spec 000 §2 "/timeline", a child view of the item to its left): who did
 * what when, oldest first as the server keeps it, newest on top here; refreshed when the item changes.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import { selectItem, selectTimelineActor, type ItemActorRef, type ItemSnapshot } from '../../../machines/item/itemMachine';
import {
  selectTimelineError,
  selectTimelineEvents,
  selectTimelineLoading,
  type ItemTimelineActorRef,
  type TimelineEvent,
} from '../../../machines/item/itemTimelineMachine';
import type { CellActorRef, CellSnapshot } from '../../../machines/router/cellMachine';
import type { Item } from '../../shared/items/types';
import { useDescribeEvent } from '../events/useDescribeEvent';
import { useT } from '../i18n/useT';
import { LabelChip } from '../items/display/LabelChip';
import { usePropertyLabel } from '../items/display/usePropertyLabel';
import { RelativeTime } from '../items/display/RelativeTime';
import { errorKey } from '../items/menu/errorKey';
import type { CellViewProps } from '../layout/CellViewProps';

const selectItemRef = (s: CellSnapshot): ItemActorRef | null => s.context.item;
const selectLabels = (s: ItemSnapshot): Item['$labels'] | undefined => selectItem(s)?.$labels;
const selectTimelineItemId = (s: SnapshotFrom<ItemTimelineActorRef>): string => s.context.id;

function Entry({ event, itemId, labels }: { event: TimelineEvent; itemId: string; labels: Record<string, string> | undefined }) {
  const t = useT();
  const describe = useDescribeEvent();
  // A server before domain events sent no context: the event is then about this item.
  const sentence = describe({ ...event, context: event.context ?? itemId }, labels);
  const known: Record<string, string> = { ...labels, ...event.labels };
  const propertyLabel = usePropertyLabel(itemId.split('-')[0] ?? '');
  return (
    <li className="border-b border-line px-4 py-3 last:border-b-0">
      <p className="m-0 text-sm font-medium">{sentence}</p>
      <p className="m-0 mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="text-muted">
          <RelativeTime iso={event.ts} />
        </span>
        {event.by ? (
          <span className="inline-flex items-center gap-1">
            <span className="text-muted">{t('app.timeline.by')}</span>
            {/* Someone the reader may not read (an administrator) is said generically, never by id. */}
            {known[event.by] ? <LabelChip id={event.by} label={known[event.by]} /> : <span>{t('events.someone')}</span>}
          </span>
        ) : null}
        {event.masquerader ? (
          <span className="inline-flex items-center gap-1 text-muted">
            {t('app.timeline.masquerader')}
            <LabelChip id={event.masquerader} label={known[event.masquerader]} />
          </span>
        ) : null}
      </p>
      {event.changed.length > 0 ? (
        <p className="m-0 mt-1 text-xs text-muted">
          {t('app.timeline.changed', { count: event.changed.length })} {[...new Set(event.changed.map(propertyLabel))].join(', ')}
        </p>
      ) : null}
    </li>
  );
}

function Timeline({ itemRef, timelineRef }: { itemRef: ItemActorRef; timelineRef: ItemTimelineActorRef }) {
  const itemId = useSelector(timelineRef, selectTimelineItemId);
  const t = useT();
  const events = useSelector(timelineRef, selectTimelineEvents);
  const loading = useSelector(timelineRef, selectTimelineLoading);
  const error = useSelector(timelineRef, selectTimelineError);
  const labels = useSelector(itemRef, selectLabels);

  useEffect(() => {
    itemRef.send({ type: 'item.timelineRequested' });
  }, [itemRef]);

  if (error) {
    return (
      <p role="alert" className="m-4 text-red-700 dark:text-red-300">
        {t(errorKey(error.userMessage))}
      </p>
    );
  }
  if (!events)
    return (
      <p role="status" className="m-4 text-muted">
        {loading ? t('app.loading') : null}
      </p>
    );
  if (events.length === 0) return <p className="m-4 text-muted">{t('app.timeline.empty')}</p>;
  return (
    <ol aria-label={t('app.timeline.title')} aria-busy={loading} className="m-0 list-none p-0">
      {[...events].reverse().map((event) => (
        <Entry key={`${event.u}-${event.kind}-${event.ts}`} event={event} itemId={itemId} labels={labels} />
      ))}
    </ol>
  );
}

function WithItem({ itemRef }: { itemRef: ItemActorRef }) {
  const timelineRef = useSelector(itemRef, selectTimelineActor);
  return <Timeline itemRef={itemRef} timelineRef={timelineRef} />;
}

function WithParent({ parent }: { parent: CellActorRef }) {
  const t = useT();
  const itemRef = useSelector(parent, selectItemRef);
  return itemRef ? <WithItem itemRef={itemRef} /> : <p className="m-4 text-muted">{t('app.timeline.noItem')}</p>;
}

/** The `v-timeline` view: the events of the item in the parent cell. */
export function TimelineView({ cell, parent }: CellViewProps) {
  const t = useT();
  const title = t('app.timeline.title');
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'history' }), [cell, title]);
  return parent ? <WithParent parent={parent} /> : <p className="m-4 text-muted">{t('app.timeline.noItem')}</p>;
}
