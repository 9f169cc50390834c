/**
 * The results toolbar: the search field and how many were found, then one row of icon buttons (the
 * display, the facets, save, export), each named by its tooltip. On a phone the facets open in a drawer.
 */
import { useSelector } from '@xstate/react';
import { useId, type ReactNode, type RefObject } from 'react';
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
import { useIntl } from '../i18n/IntlContext';
import { useT } from '../i18n/useT';
import { Icon, type IconName } from '../shell/Icon';
import { columnsTypeOf } from './resultColumns';
import { hasGeometry } from './ResultsMap';
import { ToolbarButton } from './ToolbarButton';
import { useExportColumns } from './useExportColumns';

/** The displays offered here; MAP only for results of a type with a geometry property. */
export const SHOWN_DISPLAYS: readonly DisplayAs[] = ['LIST', 'TABLE', 'CARDS', 'TIMELINE', 'CAROUSEL'];

const DISPLAY_ICONS: Record<DisplayAs, IconName> = {
  LIST: 'viewList',
  TABLE: 'viewTable',
  CARDS: 'viewCards',
  TIMELINE: 'viewTimeline',
  CAROUSEL: 'viewCarousel',
  MAP: 'map',
};

/** How many facet buckets are chosen. */
const chosenCount = (selected: Record<string, string[]>): number => Object.values(selected).reduce((n, b) => n + b.length, 0);

interface Props {
  results: SearchResultsActorRef;
  /** Where typed text goes (the route parameter of /search, or the actor directly). */
  onText: (text: string) => void;
  /** On a phone the facets are a drawer: the facets button opens it instead of showing the panel beside the results. */
  onFacetsDrawer?: (() => void) | undefined;
  /** More buttons before export (the view's Save search). */
  actions?: ReactNode;
  /** The facets button, for the drawer to give the focus back to. */
  facetsButton?: RefObject<HTMLButtonElement | null>;
}

/** The toolbar of a results view. */
export function ResultsToolbar({ results, onText, onFacetsDrawer, actions, facetsButton }: Props) {
  const t = useT();
  const { locale } = useIntl();
  const id = useId();
  const text = useSelector(results, selectSearchString);
  const total = useSelector(results, selectResultsTotal);
  const phase = useSelector(results, selectResultsPhase);
  const display = useSelector(results, selectDisplayAs);
  const showFacets = useSelector(results, selectShowFacets);
  const settings = useSelector(results, selectResultsSettings);
  const zip = isAttachmentView(settings.itemTypeName);
  const exportColumns = useExportColumns(columnsTypeOf(settings));
  const chosen = chosenCount(settings.selectedFacets);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line bg-panel p-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label htmlFor={id} className="sr-only">
          {t('app.results.searchLabel')}
        </label>
        <div className="relative min-w-40 flex-1">
          <span className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-muted">
            <Icon name="search" className="h-5 w-5" />
          </span>
          <input
            id={id}
            type="search"
            value={text}
            placeholder={t('app.results.searchLabel')}
            onChange={(e) => onText(e.target.value)}
            className="w-full rounded-md border border-line bg-surface py-2 pl-9 pr-3 text-ink placeholder:text-muted focus-visible:outline-2 focus-visible:outline-primary"
          />
        </div>
        <p role="status" className="m-0 text-sm text-muted">
          {phase === 'LOADING' ? t('app.searching') : phase === 'READY' ? t('app.results.count', { total }) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <div role="group" aria-label={t('app.results.displayAs')} className="flex rounded-md border border-line p-0.5">
          {(hasGeometry(columnsTypeOf(settings)) ? [...SHOWN_DISPLAYS, 'MAP' as const] : SHOWN_DISPLAYS).map((d) => (
            <ToolbarButton
              key={d}
              icon={DISPLAY_ICONS[d]}
              label={t(`app.results.display.${d}`)}
              aria-pressed={display === d}
              on={display === d}
              className="h-8 min-w-8 px-1.5"
              onClick={() => results.send({ type: 'results.displaySet', displayAs: d })}
            />
          ))}
        </div>
        <span className="flex-1" />
        <ToolbarButton
          ref={facetsButton}
          icon="filter"
          label={t('app.results.facets')}
          named
          aria-label={chosen > 0 ? t('app.results.facetsChosen', { count: chosen }) : t('app.results.facets')}
          {...(onFacetsDrawer
            ? { 'aria-haspopup': 'dialog' as const }
            : { 'aria-pressed': showFacets, on: showFacets ? ('soft' as const) : false })}
          onClick={() => (onFacetsDrawer ? onFacetsDrawer() : results.send({ type: 'results.facetsShown', show: !showFacets }))}
          badge={
            chosen > 0 ? (
              <span aria-hidden="true" className="rounded-full bg-accent px-1.5 text-xs font-semibold leading-5 text-neutral-950">
                {chosen}
              </span>
            ) : null
          }
        />
        {actions}
        <ToolbarButton
          icon="download"
          label={t(zip ? 'app.results.exportFiles' : 'app.results.export')}
          named
          disabled={phase !== 'READY'}
          onClick={() => results.send({ type: 'results.exportRequested', columns: exportColumns(), locale })}
        />
      </div>
    </div>
  );
}
