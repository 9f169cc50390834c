/** Above the results: the search field, how many were found, the display, the facets toggle and the CSV export. */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import { isAttachmentView, type DisplayAs } from '../../../machines/search/searchResultsQuery';
import {
  selectDisplayAs,
  selectResultsPhase,
  selectResultsSettings,
  selectResultsTotal,
  selectSearchString,
  selectShowFacets,
} from '../../../machines/search/searchResultsSelectors';
import { useT } from '../i18n/useT';

/** The displays offered here; MAP comes with the spatial module. */
export const SHOWN_DISPLAYS: readonly DisplayAs[] = ['LIST', 'TABLE', 'CARDS', 'TIMELINE', 'CAROUSEL'];

const TOGGLE = 'rounded px-2.5 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-primary';
const ON = 'bg-primary text-white';
const OFF = 'text-ink hover:bg-primary/10';

/** The toolbar; `onText` is where typed text goes (the route parameter of /search, or the actor directly). */
export function ResultsToolbar({ results, onText }: { results: SearchResultsActorRef; onText: (text: string) => void }) {
  const t = useT();
  const id = useId();
  const text = useSelector(results, selectSearchString);
  const total = useSelector(results, selectResultsTotal);
  const phase = useSelector(results, selectResultsPhase);
  const display = useSelector(results, selectDisplayAs);
  const showFacets = useSelector(results, selectShowFacets);
  const zip = isAttachmentView(useSelector(results, selectResultsSettings).itemTypeName);
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-muted">
          {t('app.results.searchLabel')}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => onText(e.target.value)}
          className="rounded border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-primary"
        />
      </div>
      <p role="status" className="m-0 pb-2 text-sm text-muted">
        {phase === 'LOADING' ? t('app.searching') : phase === 'READY' ? t('app.results.count', { total }) : null}
      </p>
      <div role="group" aria-label={t('app.results.displayAs')} className="flex flex-wrap gap-1 rounded border border-line bg-panel p-0.5">
        {SHOWN_DISPLAYS.map((d) => (
          <button
            key={d}
            type="button"
            aria-pressed={display === d}
            className={`${TOGGLE} ${display === d ? ON : OFF}`}
            onClick={() => results.send({ type: 'results.displaySet', displayAs: d })}
          >
            {t(`app.results.display.${d}`)}
          </button>
        ))}
      </div>
      <button
        type="button"
        aria-pressed={showFacets}
        className={`${TOGGLE} border border-line ${showFacets ? ON : OFF}`}
        onClick={() => results.send({ type: 'results.facetsShown', show: !showFacets })}
      >
        {t('app.results.facets')}
      </button>
      <button
        type="button"
        className={`${TOGGLE} border border-line ${OFF}`}
        disabled={phase !== 'READY'}
        onClick={() => results.send({ type: 'results.exportRequested' })}
      >
        {t(zip ? 'app.results.exportFiles' : 'app.results.export')}
      </button>
    </div>
  );
}
