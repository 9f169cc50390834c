/**
 * A column's toolbar (spec 000 §2 Layout): back or close, icon, title, expand/shrink, the action
 * button and the dirty-state indicator. The title of the focused column is the document title.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { openAfter } from '../../../machines/router/formatLocation';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import type { CellSpec } from '../../../machines/router/parseLocation';
import type { RouterSnapshot } from '../../../machines/router/routerSelectors';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';
import { Icon, type IconName } from '../shell/Icon';
import { cellAction } from './cellAction';
import { CellIcon } from './CellIcon';
import {
  selectCellActionBtn,
  selectCellError,
  selectCellExpanded,
  selectCellIcon,
  selectCellTitle,
  selectDirty,
  selectDirtyState,
} from './cellSelectors';

interface Props {
  cell: CellActorRef;
  spec: CellSpec;
  /** The focused column: its title is the document title. */
  active: boolean;
  /** One column shows at a time and this one has a parent: Back instead of Close. */
  backTo: { key: string; title: string } | null;
  /** Whether the column may close (the lone home column may not). */
  closable: boolean;
  /** Whether the column may grow to the full width (several columns show). */
  expandable: boolean;
  /** The item menu of item cells. */
  menu?: ReactNode;
}

const selectLocation = (s: RouterSnapshot) => s.context.location;

function DocumentTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

const ICON_BUTTON =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-black/5 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-white/10';

/** The toolbar above one column. */
export function CellToolbar({ cell, spec, active, backTo, closable, expandable, menu }: Props) {
  const t = useT();
  const { router } = useActors();
  const title = useSelector(cell, selectCellTitle) ?? '';
  const icon = useSelector(cell, selectCellIcon);
  const actionBtn = useSelector(cell, selectCellActionBtn);
  const expanded = useSelector(cell, selectCellExpanded);
  const dirty = useSelector(cell, selectDirty);
  const dirtyState = useSelector(cell, selectDirtyState);
  const error = useSelector(cell, selectCellError);
  const location = useSelector(router, selectLocation);
  const action = actionBtn ? cellAction(actionBtn, spec) : null;

  return (
    <div className="flex min-h-12 items-center gap-1 border-b border-line px-2 py-1">
      {active && title ? <DocumentTitle title={title} /> : null}
      {backTo ? (
        <button
          type="button"
          className={ICON_BUTTON}
          aria-label={t('app.cell.back', { title: backTo.title })}
          title={t('app.cell.back', { title: backTo.title })}
          onClick={() => router.send({ type: 'router.focusRequested', key: backTo.key })}
        >
          <Icon name="arrowBack" className="h-5 w-5" />
        </button>
      ) : closable ? (
        <button
          type="button"
          className={ICON_BUTTON}
          aria-label={t('app.cell.close', { title })}
          title={t('app.cell.close', { title })}
          onClick={() => router.send({ type: 'router.closeRequested', key: spec.key })}
        >
          <Icon name="close" className="h-5 w-5" />
        </button>
      ) : null}
      <CellIcon name={icon} />
      <h2 className="min-w-0 flex-1 truncate px-1 text-base font-semibold" title={title}>
        {title}
      </h2>
      {dirtyState === 'SAVING' ? (
        <span role="status" className="flex items-center gap-1 text-xs text-muted">
          <Icon name="hourglass" className="h-4 w-4 animate-pulse" />
          {t('app.cell.saving')}
        </span>
      ) : dirtyState === 'ERROR' ? (
        <span role="alert" className="flex items-center gap-1 text-xs text-red-700 dark:text-red-300" title={error ?? undefined}>
          <Icon name="alert" className="h-4 w-4" />
          {t('app.cell.saveFailed', { error: error ? t(error.includes('.') ? error : `errors.${error}`) : '' })}
        </span>
      ) : dirty ? (
        <span className="flex items-center text-amber-600 dark:text-amber-300" title={t('app.cell.unsaved')}>
          <Icon name="dot" className="h-4 w-4" />
          <span className="sr-only">{t('app.cell.unsaved')}</span>
        </span>
      ) : null}
      {action && location ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded px-3 py-1.5 text-sm font-medium text-primary-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary dark:text-blue-300"
          onClick={() =>
            router.send({ type: 'router.linkFollowed', href: openAfter(location, spec.index - 1, action.segment), newTab: false })
          }
        >
          <Icon name={action.icon as IconName} className="h-4 w-4" />
          {t(action.label)}
        </button>
      ) : null}
      {menu}
      {expandable ? (
        <button
          type="button"
          className={`${ICON_BUTTON} max-md:hidden`}
          aria-pressed={expanded}
          aria-label={t(expanded ? 'app.cell.shrink' : 'app.cell.expand')}
          title={t(expanded ? 'app.cell.shrink' : 'app.cell.expand')}
          onClick={() => cell.send({ type: 'cell.expandToggled' })}
        >
          <Icon name={expanded ? 'shrink' : 'expand'} className="h-5 w-5" />
        </button>
      ) : null}
    </div>
  );
}
