/** CAROUSEL display: one result at a time, with previous and next buttons and the arrow keys, wrapping around. */
import { useSelector } from '@xstate/react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import {
  selectCarouselIndex,
  selectResultIds,
  selectResultLabels,
  selectResultRows,
} from '../../../machines/search/searchResultsSelectors';
import { useT } from '../i18n/useT';
import { ListItem } from '../items/display/ListItem';
import { Button } from '../shell/Button';
import { ResultPlaceholder } from './ResultPlaceholder';
import { useOpenResult } from './useOpenResult';

/** The results one by one. */
export function ResultsCarousel({ results }: { results: SearchResultsActorRef }) {
  const t = useT();
  const ids = useSelector(results, selectResultIds);
  const rows = useSelector(results, selectResultRows);
  const labels = useSelector(results, selectResultLabels);
  const index = useSelector(results, selectCarouselIndex);
  const open = useOpenResult(results);
  const id = ids[index];
  if (!id) return null;
  const row = rows[id];
  const step = (s: 1 | -1) => results.send({ type: 'results.carouselStepped', step: s });
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('app.results.title')}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') step(-1);
        if (e.key === 'ArrowRight') step(1);
      }}
      className="flex flex-col gap-3 rounded-lg border border-line bg-panel p-4 focus-visible:outline-2 focus-visible:outline-primary"
    >
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={t('app.results.position', { n: index + 1, total: ids.length })}
        onClickCapture={(e) => open(e, id)}
      >
        {row ? <ListItem item={row} /> : <ResultPlaceholder id={id} label={labels[id]} gone={row === null} />}
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button variant="plain" onClick={() => step(-1)}>
          {t('app.results.previous')}
        </Button>
        <span className="text-sm text-muted">{t('app.results.position', { n: index + 1, total: ids.length })}</span>
        <Button variant="plain" onClick={() => step(1)}>
          {t('app.results.next')}
        </Button>
      </div>
    </section>
  );
}
