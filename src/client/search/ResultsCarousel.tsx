/**
 * CAROUSEL display: one result at a time as a large card, its picture on top (the first image among
 * its attachments, else its avatar or type icon), its values below; previous and next buttons and the
 * arrow keys step through the results, wrapping around.
 */
import { useSelector } from '@xstate/react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import {
  selectCarouselIndex,
  selectResultIds,
  selectResultLabels,
  selectResultRows,
  selectResultsSettings,
} from '../../../machines/search/searchResultsSelectors';
import type { Item } from '../../shared/items/types';
import { itemTypes } from '../../shared/itemTypes';
import { useT } from '../i18n/useT';
import { Avatar } from '../items/display/Avatar';
import { DisplayIcon } from '../items/display/DisplayIcon';
import { useItemLink } from '../items/display/useItemLink';
import { useTypeLabel } from '../items/display/useTypeLabel';
import { Icon } from '../shell/Icon';
import { columnsTypeOf, resultColumns } from './resultColumns';
import { ResultPlaceholder } from './ResultPlaceholder';
import { ResultValue } from './ResultValue';
import { useOpenResult } from './useOpenResult';

const PEOPLE = new Set(['person', 'contact']);

/** The upload id of the item's first image attachment, or null. */
export function firstImageOf(item: Item): string | null {
  const type = itemTypes.get(item._t);
  for (const [name, def] of Object.entries(type?.properties ?? {})) {
    if (def.kind !== 'ATT' || def.internal || !Array.isArray(item[name])) continue;
    for (const entry of item[name] as unknown[]) {
      const e = entry as { kind?: unknown; uppyID?: unknown } | null;
      if (e && e.kind === 'IMAGE' && typeof e.uppyID === 'string') return e.uppyID;
    }
  }
  return null;
}

/** The card's picture: the image (decorative: the title names the item), else a large avatar or type icon. */
function Picture({ item, title }: { item: Item; title: string }) {
  const image = firstImageOf(item);
  const type = itemTypes.get(item._t);
  if (image)
    return (
      <img
        src={`/attachment/${encodeURIComponent(image)}?variant=small`}
        alt=""
        className="h-56 w-full rounded-t-lg bg-surface object-cover @md:h-72"
      />
    );
  return (
    <div className="flex h-40 w-full items-center justify-center rounded-t-lg bg-primary/5 @md:h-56">
      {PEOPLE.has(type?.listItem?.icon ?? type?.defaultIcon ?? '') ? (
        <Avatar id={item.$id} name={title} size={112} />
      ) : (
        <span className="flex h-28 w-28 items-center justify-center rounded-full bg-line/60 text-muted">
          <DisplayIcon name="article" className="h-14 w-14" />
        </span>
      )}
    </div>
  );
}

/** One result as the carousel's slide. */
function Slide({ item, general }: { item: Item; general: boolean }) {
  const t = useT();
  const typeLabel = useTypeLabel();
  const link = useItemLink(item.$id);
  const title = item.$labels?.[item.$id] ?? item.$id;
  const columns = resultColumns(general ? null : item._t).filter((c) => c.key !== 'label');
  return (
    <article className="overflow-hidden rounded-lg border border-line bg-panel shadow-sm">
      <Picture item={item} title={title} />
      <div className="flex flex-col gap-3 p-4">
        <h3 className="m-0 text-lg font-semibold">
          <a {...link} className="text-primary-ink underline-offset-2 hover:underline dark:text-blue-300">
            {title}
          </a>
        </h3>
        <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {columns.map((c) => (
            <div key={c.key} className="contents">
              <dt className="text-muted">{t(c.title)}</dt>
              <dd className="m-0 text-ink">
                {c.key === 'type' && general ? typeLabel(item._t) : <ResultValue item={item} name={c.key} />}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}

const STEP =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-line bg-panel text-ink shadow-sm hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary';

/** The results one by one. */
export function ResultsCarousel({ results }: { results: SearchResultsActorRef }) {
  const t = useT();
  const ids = useSelector(results, selectResultIds);
  const rows = useSelector(results, selectResultRows);
  const labels = useSelector(results, selectResultLabels);
  const index = useSelector(results, selectCarouselIndex);
  const general = !columnsTypeOf(useSelector(results, selectResultsSettings));
  const open = useOpenResult(results);
  const id = ids[index];
  if (!id) return null;
  const row = rows[id];
  const step = (s: 1 | -1) => results.send({ type: 'results.carouselStepped', step: s });
  const position = t('app.results.position', { n: index + 1, total: ids.length });
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('app.results.title')}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') step(-1);
        if (e.key === 'ArrowRight') step(1);
      }}
      className="mx-auto flex w-full max-w-2xl flex-col gap-3"
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={STEP}
          aria-label={t('app.results.previous')}
          title={t('app.results.previous')}
          onClick={() => step(-1)}
        >
          <Icon name="chevronLeft" />
        </button>
        <div role="group" aria-roledescription="slide" aria-label={position} className="min-w-0 flex-1" onClickCapture={(e) => open(e, id)}>
          {row ? <Slide item={row} general={general} /> : <ResultPlaceholder id={id} label={labels[id]} gone={row === null} />}
        </div>
        <button type="button" className={STEP} aria-label={t('app.results.next')} title={t('app.results.next')} onClick={() => step(1)}>
          <Icon name="chevronRight" />
        </button>
      </div>
      <p aria-live="polite" className="m-0 text-center text-sm text-muted">
        {position}
      </p>
    </section>
  );
}
