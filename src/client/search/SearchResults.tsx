/** A results view: toolbar, facets panel and the chosen display, with loading, failure and 'No results'. */
import { useSelector } from '@xstate/react';
import { useRef, useState, type ReactNode } from 'react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import {
  selectDisplayAs,
  selectMapStays,
  selectResultsError,
  selectResultsPhase,
  selectRowsFailed,
  selectShowFacets,
} from '../../../machines/search/searchResultsSelectors';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { FacetsDrawer } from './FacetsDrawer';
import { FacetsPanel } from './FacetsPanel';
import { ResultsCards } from './ResultsCards';
import { ResultsCarousel } from './ResultsCarousel';
import { ResultsList } from './ResultsList';
import { ResultsMap } from './ResultsMap';
import { ResultsTable } from './ResultsTable';
import { ResultsTimeline } from './ResultsTimeline';
import { ResultsToolbar } from './ResultsToolbar';

function Body({ results }: { results: SearchResultsActorRef }) {
  const display = useSelector(results, selectDisplayAs);
  if (display === 'TABLE') return <ResultsTable results={results} />;
  if (display === 'CARDS') return <ResultsCards results={results} />;
  if (display === 'TIMELINE') return <ResultsTimeline results={results} />;
  if (display === 'CAROUSEL') return <ResultsCarousel results={results} />;
  if (display === 'MAP') return <ResultsMap results={results} />;
  return <ResultsList results={results} />;
}

function Failure({ results, errorKey }: { results: SearchResultsActorRef; errorKey: string | null }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded border border-red-300 p-3 text-red-700 dark:border-red-800 dark:text-red-300"
    >
      <span>{t(errorKey ?? 'errors.generalFailure')}</span>
      <Button variant="plain" onClick={() => results.send({ type: 'results.retried' })}>
        {t('app.results.retry')}
      </Button>
    </div>
  );
}

/** Phones: the facets wait in a drawer, so the results are the first thing below the toolbar. */
const PHONE = '(max-width: 639px)';

/** The whole results view over `results`; typed text goes to `onText`; `actions` join the toolbar. */
export function SearchResults({
  results,
  onText,
  actions,
  empty,
}: {
  results: SearchResultsActorRef;
  onText: (text: string) => void;
  actions?: ReactNode;
  /** What to say when nothing matches (a module's view says what to do); the generic "no results" else. */
  empty?: ReactNode;
}) {
  const t = useT();
  const phase = useSelector(results, selectResultsPhase);
  const error = useSelector(results, selectResultsError);
  const rowsFailed = useSelector(results, selectRowsFailed);
  const showFacets = useSelector(results, selectShowFacets);
  // The map stays while it searches again for what is in view, and when nothing is: the view is its question.
  const mapStays = useSelector(results, selectMapStays);
  const phone = useMediaQuery(PHONE);
  const [drawer, setDrawer] = useState(false);
  const facetsButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="@container flex flex-col gap-3 p-3">
      <ResultsToolbar
        results={results}
        onText={onText}
        actions={actions}
        onFacetsDrawer={phone ? () => setDrawer(true) : undefined}
        facetsButton={facetsButton}
      />
      {phone ? <FacetsDrawer results={results} open={drawer} onClose={() => setDrawer(false)} opener={facetsButton} /> : null}
      <div className="flex flex-col gap-4 @2xl:flex-row">
        {showFacets && !phone ? <FacetsPanel results={results} /> : null}
        <section aria-label={t('app.results.title')} className="min-w-0 flex-1">
          {phase === 'FAILED' || rowsFailed ? <Failure results={results} errorKey={error} /> : null}
          {phase === 'EMPTY' && !mapStays ? <p className="m-4 text-muted">{empty ?? t('app.noResults.NONE')}</p> : null}
          {phase === 'READY' || mapStays ? <Body results={results} /> : null}
        </section>
      </div>
    </div>
  );
}
