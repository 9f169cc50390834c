/**
 * One open column: its toolbar above its view, with the width the cell asks for (spec 000 §2 Layout). Side by
 * side, columns shrink in proportion down to 24 rem (three fit beside each other in 1280 px) so that as many as fit show whole; an expanded one keeps
 * the full width.
 */
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import type { CellWidth } from '../../../machines/router/views';
import type { RouterCell } from '../../../machines/router/routerMachine';
import { useT } from '../i18n/useT';
import { ItemMenu } from '../items/menu/ItemMenu';
import { ResultsPrevNext } from '../search/ResultsPrevNext';
import { CellToolbar } from './CellToolbar';
import { viewFor } from './cellViews';
import { selectCellTitle, selectCellWidth } from './cellSelectors';

const WIDTH: Record<CellWidth, string> = {
  THIRD: 'md:basis-1/3',
  HALF: 'md:basis-1/2',
  TWO_THIRDS: 'md:basis-2/3',
  FULL: 'md:basis-full',
};

interface Props {
  cell: RouterCell;
  parent: RouterCell | null;
  active: boolean;
  /** Several columns show side by side. */
  multi: boolean;
  /** One column shows at a time and this is not it. */
  hidden: boolean;
}

function Loading() {
  const t = useT();
  return (
    <p role="status" className="px-4 py-6 text-muted">
      {t('app.loading')}
    </p>
  );
}

/** A column of the layout. */
export function Column({ cell, parent, active, multi, hidden }: Props) {
  const t = useT();
  const width = useSelector(cell.ref, selectCellWidth);
  const parentTitle = useSelector(parent?.ref ?? cell.ref, selectCellTitle) ?? '';
  // A screen reader names the column as its toolbar does (the item's label, the view's title), never by its key.
  const title = useSelector(cell.ref, selectCellTitle);
  const View = viewFor(cell.spec);
  const backTo = !multi && parent ? { key: parent.spec.key, title: parentTitle } : null;
  const closable = cell.spec.index > 0 || cell.spec.key !== 'v-home';
  return (
    <section
      aria-label={title || t('app.loading')}
      data-cell={cell.spec.key}
      data-active={active || undefined}
      hidden={hidden}
      className={`flex min-w-0 grow-0 basis-full flex-col bg-panel md:min-w-96 md:last:grow ${multi ? `${WIDTH[width]} ${width === 'FULL' ? 'shrink-0' : 'shrink'} border-r border-line last:border-r-0` : 'shrink-0'} ${active && multi ? 'shadow-[inset_0_3px_0_0_var(--kk-primary,#1976D2)]' : ''}`}
    >
      <CellToolbar
        cell={cell.ref}
        spec={cell.spec}
        active={active}
        backTo={backTo}
        closable={closable}
        expandable={multi}
        menu={
          cell.spec.kind === 'item' ? (
            <>
              {cell.spec.itemId ? <ResultsPrevNext parent={parent?.ref ?? null} itemId={cell.spec.itemId} /> : null}
              <ItemMenu cell={cell.ref} />
            </>
          ) : undefined
        }
      />
      <div className="min-h-0 flex-1 overflow-y-auto pb-[40vh]">
        <Suspense fallback={<Loading />}>
          <View cell={cell.ref} spec={cell.spec} parent={parent?.ref ?? null} />
        </Suspense>
      </div>
    </section>
  );
}
