/**
 * The column layout (spec 000 §2 Layout): every open cell is a column. With multi-column mode on a
 * medium or larger screen they show side by side, shrinking to share the width down to a minimum; when
 * they still do not fit the strip scrolls and the newly opened column shows whole at its right edge; a
 * button on each edge that hides columns says how many and brings them back (scrollbars may be hidden). Otherwise only the focused column shows, with Back to its parent. Breadcrumbs above
 * name every open column, so each can be reached from any width.
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
import { revealScrollLeft } from './columnScroll';
import { useColumnEdges } from './useColumnEdges';

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
  const edges = useColumnEdges(strip, `${multi}:${cells.map((cell) => cell.spec.key).join('/')}`);

  // The focused column is the one the user just opened: the strip alone scrolls to show it whole (never the page).
  useEffect(() => {
    const box = strip.current;
    const element = box?.querySelector<HTMLElement>('[data-active]');
    if (!box || !element || !multi) return;
    box.scrollLeft = revealScrollLeft(box.clientWidth, { left: element.offsetLeft, width: element.offsetWidth });
  }, [activeKey, multi, cells.length]);

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
    // The columns fill the window below the header, however tall it is (Shell); each column scrolls on its own, so its toolbar stays in view.
    <div data-columns className="flex min-h-0 flex-1 flex-col">
      <Breadcrumbs cells={cells} />
      <div className="relative flex min-h-0 flex-1 flex-col">
        <div
          ref={strip}
          aria-label={t('app.columns')}
          role="group"
          // Positioned, so the columns' offsets are measured from the strip; a thin scrollbar shows when columns overflow.
          className="relative flex min-h-0 flex-1 overflow-x-auto overflow-y-hidden border-t border-line [scrollbar-color:var(--kk-muted)_transparent] [scrollbar-width:thin]"
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
        {multi && edges.left > 0 ? (
          <EdgeButton side="left" label={t('app.columns.earlier', { count: edges.left })} onClick={() => edges.reveal('left')} />
        ) : null}
        {multi && edges.right > 0 ? (
          <EdgeButton side="right" label={t('app.columns.later', { count: edges.right })} onClick={() => edges.reveal('right')} />
        ) : null}
      </div>
    </div>
  );
}

/** A button on an edge of the strip that hides columns: it names how many and brings the nearest into view. */
function EdgeButton({ side, label, onClick }: { side: 'left' | 'right'; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`absolute top-1/2 z-10 flex h-12 w-8 -translate-y-1/2 items-center justify-center border border-line bg-panel text-xl text-ink shadow-md hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary ${side === 'left' ? 'left-0 rounded-r-lg border-l-0' : 'right-0 rounded-l-lg border-r-0'}`}
    >
      <span aria-hidden="true">{side === 'left' ? '‹' : '›'}</span>
    </button>
  );
}
