/** The trail of open columns above the focused one (spec 000 §2 Layout); a crumb focuses its column. */
import { useSelector } from '@xstate/react';
import type { RouterCell } from '../../../machines/router/routerMachine';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';
import { selectCellTitle } from './cellSelectors';

function Crumb({ cell, last }: { cell: RouterCell; last: boolean }) {
  const { router } = useActors();
  const title = useSelector(cell.ref, selectCellTitle) ?? cell.spec.key;
  return (
    <li className="flex min-w-0 items-center gap-1">
      {last ? (
        <span aria-current="page" className="truncate font-medium text-ink">
          {title}
        </span>
      ) : (
        <>
          <button
            type="button"
            className="truncate text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-blue-300"
            onClick={() => router.send({ type: 'router.focusRequested', key: cell.spec.key })}
          >
            {title}
          </button>
          <span aria-hidden="true" className="text-muted">
            /
          </span>
        </>
      )}
    </li>
  );
}

/** Every open column's title; shown when there is more than one. */
export function Breadcrumbs({ cells }: { cells: RouterCell[] }) {
  const t = useT();
  if (cells.length < 2) return null;
  return (
    <nav aria-label={t('app.breadcrumbs')} className="px-3 py-1.5 text-sm">
      <ol className="flex min-w-0 flex-wrap items-center gap-1">
        {cells.map((cell, at) => (
          <Crumb key={cell.spec.key} cell={cell} last={at === cells.length - 1} />
        ))}
      </ol>
    </nav>
  );
}
