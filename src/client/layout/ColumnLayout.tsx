/**
 * The column layout (spec 000 §2 Layout): every open cell is a column. With multi-column mode on a
 * medium or larger screen they show side by side, the focused one scrolled into view; otherwise only
 * the focused column shows, with Back to its parent. Breadcrumbs above name every open column.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { selectActiveKey, selectCells } from '../../../machines/router/routerSelectors';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { useT } from '../i18n/useT';
import { selectPrefs } from '../session/selectors';
import { useActors } from '../session/useActors';
import { Breadcrumbs } from './Breadcrumbs';
import { Column } from './Column';

/** Every open column. */
export function ColumnLayout() {
  const t = useT();
  const { router, shell } = useActors();
  const cells = useSelector(router, selectCells);
  const activeKey = useSelector(router, selectActiveKey);
  const prefs = useSelector(shell, selectPrefs);
  const wide = useMediaQuery('(min-width: 768px)');
  const multi = prefs.multiColumns === true && wide;
  const strip = useRef<HTMLDivElement>(null);

  // The focused column is the one the user just opened: bring it into view.
  useEffect(() => {
    const element = strip.current?.querySelector<HTMLElement>('[data-active]');
    if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'nearest', inline: 'end' });
  }, [activeKey, multi]);

  if (cells.length === 0) {
    return (
      <p role="status" className="p-8 text-center text-muted">
        {t('app.loading')}
      </p>
    );
  }
  // Hidden columns stay mounted: their views keep describing them (titles for Back and breadcrumbs).
  const shownKey = multi ? null : (cells.find((cell) => cell.spec.key === activeKey) ?? cells[cells.length - 1])?.spec.key;
  return (
    // The columns fill the window below the header; each column scrolls on its own, so its toolbar stays in view.
    <div data-columns className="flex h-[calc(100dvh-3.5rem)] flex-col">
      <Breadcrumbs cells={cells} />
      <div
        ref={strip}
        aria-label={t('app.columns')}
        role="group"
        className="flex min-h-0 flex-1 overflow-x-auto overflow-y-hidden border-t border-line"
      >
        {cells.map((cell) => {
          const parent = cells[cell.spec.index - 1] ?? null;
          return (
            <Column
              key={cell.spec.key}
              cell={cell}
              parent={parent}
              active={cell.spec.key === activeKey}
              multi={multi}
              hidden={shownKey !== null && cell.spec.key !== shownKey}
            />
          );
        })}
      </div>
    </div>
  );
}
