/**
 * One related-items list (issue 16, "Related items"): its heading with how many there are, a filter
 * once there are enough to need one, the items by label (and the date their type lists them by), each
 * opening in the next column, "Show more", and "add one here" for whom the server lets create.
 */
import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import {
  relatedMachine,
  selectRelatedBusy,
  selectRelatedError,
  selectRelatedFailed,
  selectRelatedHits,
  selectRelatedSelected,
  selectRelatedText,
  type RelatedActorRef,
} from '../../../../machines/item/relatedMachine';
import type { CellActorRef } from '../../../../machines/router/cellMachine';
import { itemTypes } from '../../../shared/itemTypes';
import { companionsOf, type RelatedList as RelatedListDef } from '../../../shared/items/relatedLists';
import type { Item } from '../../../shared/items/types';
import { AdminError } from '../../admin/AdminError';
import { useIntl } from '../../i18n/IntlContext';
import { useT } from '../../i18n/useT';
import { useCellViewActor } from '../../layout/useCellViewActor';
import { useActors } from '../../session/useActors';
import { Button } from '../../shell/Button';
import { capitalised } from '../display/useTypeLabel';
import { Subtitle } from '../display/ListItem';
import { AddHere } from './AddHere';

/** A list shows its filter once it holds more than this many items (or a filter is typed). */
export const RELATED_FILTER_FROM = 5;

/** The heading of `list`: its declared message, else "{Type}: {property}" for a relation that declares none. */
function useHeading(list: RelatedListDef): string {
  const intl = useIntl();
  const t = useT();
  if (list.heading in intl.messages) return t(list.heading);
  return t('app.related.fallbackHeading', { type: capitalised(t(`types.${list.type}`)), property: t(`types.${list.type}.${list.prop}`) });
}

interface Props {
  cell: CellActorRef;
  item: Item;
  list: RelatedListDef;
}

/** The list `list` of the item `itemId`, its actor held by the item's column. */
export function RelatedList({ cell, item, list }: Props) {
  const t = useT();
  const heading = useHeading(list);
  const actor = useCellViewActor(cell, `related.${list.key}`, relatedMachine, {
    itemId: item.$id,
    list: { type: list.type, prop: list.prop },
    cellKey: cell.getSnapshot().context.spec.key,
  });
  const headingId = `related-${cell.getSnapshot().context.spec.key}-${list.key}`.replace(/[^A-Za-z0-9_-]/g, '-');
  return (
    <section aria-labelledby={headingId} data-related={list.key} className="flex min-w-0 flex-col gap-2 rounded-lg border border-line p-3">
      {actor ? (
        <ListBody actor={actor} cell={cell} item={item} list={list} heading={heading} headingId={headingId} />
      ) : (
        <>
          <h3 id={headingId} className="text-base font-semibold">
            {heading}
          </h3>
          <p role="status" className="text-sm text-muted">
            {t('app.loading')}
          </p>
        </>
      )}
    </section>
  );
}

function ListBody({ actor, cell, item, list, heading, headingId }: { actor: RelatedActorRef; heading: string; headingId: string } & Props) {
  const t = useT();
  const { router } = useActors();
  const hits = useSelector(actor, selectRelatedHits);
  const text = useSelector(actor, selectRelatedText);
  const busy = useSelector(actor, selectRelatedBusy);
  const failed = useSelector(actor, selectRelatedFailed);
  const error = useSelector(actor, selectRelatedError);
  const selected = useSelector(actor, selectRelatedSelected);
  const open = (event: MouseEvent, id: string) => {
    event.preventDefault();
    // A modifier or middle click opens the item in a new tab, as every item link does.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button === 1)
      router.send({ type: 'router.linkFollowed', href: `/i-${id}`, newTab: true });
    else actor.send({ type: 'related.opened', id });
  };
  const total = hits?.total ?? 0;
  return (
    <>
      <div className="flex items-start gap-2">
        <h3 className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 text-base font-semibold">
          <span id={headingId}>{heading}</span>
          {/* An empty list is one line: its heading says there is nothing yet, next to the way to add one. */}
          {hits && total === 0 && text === '' ? (
            <span className="text-sm font-normal text-muted">{t('app.related.none')}</span>
          ) : hits ? (
            <span data-count={total} className="rounded-full bg-primary/10 px-2 text-xs font-medium text-primary-ink dark:text-blue-200">
              {/* The badge shows the number; a screen reader hears "2 items". */}
              <span aria-hidden="true">{total}</span>
              <span className="sr-only">{t('app.related.count', { count: total })}</span>
            </span>
          ) : null}
        </h3>
        <AddHere
          cell={cell}
          typeName={list.type}
          headingId={headingId}
          onAdd={() => actor.send({ type: 'related.createRequested', also: companionsOf(list, item, itemTypes.all()) })}
        />
      </div>
      {text !== '' || total > RELATED_FILTER_FROM ? (
        <input
          type="search"
          value={text}
          onChange={(e) => actor.send({ type: 'related.typed', text: e.target.value })}
          aria-label={t('app.related.filter', { heading })}
          placeholder={t('app.related.filterPlaceholder')}
          className="w-full rounded-md border border-line bg-surface px-2 py-1 text-sm text-ink placeholder:text-muted focus-visible:outline-2 focus-visible:outline-primary"
        />
      ) : null}
      <AdminError error={error} />
      {failed ? (
        <div>
          <Button variant="plain" onClick={() => actor.send({ type: 'related.retried' })}>
            {t('app.item.retry')}
          </Button>
        </div>
      ) : null}
      {!hits ? (
        failed ? null : (
          <p role="status" className="text-sm text-muted">
            {t('app.loading')}
          </p>
        )
      ) : hits.ids.length === 0 ? (
        text.trim() ? (
          <p className="text-sm text-muted">{t('app.related.noMatch', { text: text.trim() })}</p>
        ) : null
      ) : (
        <ul className="flex flex-col gap-1" aria-busy={busy}>
          {hits.ids.map((id) => {
            const item = hits.items[id];
            return (
              <li key={id} className="flex min-w-0 flex-col">
                <a
                  href={`/i-${id}`}
                  data-item={id}
                  aria-current={selected === id ? 'true' : undefined}
                  onClick={(e) => open(e, id)}
                  onAuxClick={(e) => (e.button === 1 ? open(e, id) : undefined)}
                  className="truncate text-sm text-primary-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary aria-[current]:font-semibold dark:text-blue-300"
                >
                  {hits.labels[id] || t('app.related.unnamed')}
                </a>
                {item ? <Subtitle item={item} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      {hits && total > hits.ids.length ? (
        <div className="flex items-center justify-between gap-2 text-xs text-muted">
          <span>{t('app.related.shown', { shown: hits.ids.length, total })}</span>
          <Button variant="plain" className="px-2 py-1" disabled={busy} onClick={() => actor.send({ type: 'related.moreRequested' })}>
            {t('app.related.more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
