/**
 * admin.menu-items (dedicated deployments, administrators): every entry the menu can list, with a
 * switch that hides it (and its children) from everyone and buttons that move it among its siblings.
 * Admin entries are always shown. Nothing changes for anyone until Save.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import {
  selectMenuDirty,
  selectMenuDraft,
  selectMenuSaveError,
  selectMenuSettingsError,
  selectMenuSettingsStatus,
  type MenuSettingsActorRef,
} from '../../../machines/admin/menuSettingsMachine';
import { buildMenu, type MenuEntry } from '../../shared/modules/buildMenu';
import { ADMIN_MENU_PARENT, isAdminEntry, MAIN_MENU_PARENT } from '../../shared/modules/menuSettings';
import type { NavUser } from '../../shared/modules/ModuleModel';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { useCellViewActor } from '../layout/useCellViewActor';
import { MENU_SOURCES } from '../nav/useMenu';
import { Button } from '../shell/Button';
import { AdminError, useFieldError } from './AdminError';
import { menuSettingsMachine } from '../../../machines/admin/menuSettingsMachine';

/** Someone who sees every entry the menu can list: the screen shows them all, whoever they are for. */
const SEES_EVERYTHING: NavUser = { admin: true, capabilities: {}, organizations: {} };

/** Parent path to its children's paths, for every level of `entries`. */
function siblingsByParent(entries: MenuEntry[], parent: string, into = new Map<string, string[]>()): Map<string, string[]> {
  into.set(
    parent,
    entries.map((e) => e.path),
  );
  for (const e of entries) if (e.children.length) siblingsByParent(e.children, e.path, into);
  return into;
}

const ICON_BUTTON =
  'rounded p-1.5 text-primary-ink hover:bg-primary/10 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary dark:text-blue-300';

const idOf = (path: string): string => `menu-item-${path.replace(/[^a-z0-9-]/g, '_')}`;

function Arrow({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="h-5 w-5 fill-current">
      <path d={up ? 'M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z' : 'M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z'} />
    </svg>
  );
}

interface RowProps {
  actor: MenuSettingsActorRef;
  entry: MenuEntry;
  parent: string;
  siblings: string[];
  hidden: ReadonlySet<string>;
  /** Parent path to its children's paths in their registered order (without the setting). */
  registered: ReadonlyMap<string, string[]>;
  /** The title of the nearest hidden ancestor, if any. */
  hiddenWith: string | null;
  busy: boolean;
}

function EntryRow({ actor, entry, parent, siblings, hidden, registered, hiddenWith, busy }: RowProps) {
  const t = useT();
  const title = t(entry.title);
  const titleId = idOf(entry.path);
  const shown = !hidden.has(entry.path);
  const index = siblings.indexOf(entry.path);
  const move = (by: -1 | 1) =>
    actor.send({ type: 'menuSettings.moved', parent, siblings, registered: registered.get(parent) ?? [], path: entry.path, by });
  const childHiddenWith = hiddenWith ?? (shown ? null : title);
  return (
    <li>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line py-2 pl-1 pr-1">
        <div className="min-w-0 flex-1">
          <p id={titleId} className={`font-medium ${shown && !hiddenWith ? 'text-ink' : 'text-muted line-through decoration-1'}`}>
            {title}
          </p>
          <p className="truncate text-xs text-muted">
            {entry.href}
            {hiddenWith ? ` · ${t('admin.menuItems.hiddenWithParent', { title: hiddenWith })}` : ''}
          </p>
        </div>
        <div className="flex items-center gap-1">
          {isAdminEntry(entry.path) ? (
            <span className="px-2 text-xs text-muted">{t('admin.menuItems.alwaysShown')}</span>
          ) : (
            <button
              type="button"
              role="switch"
              aria-checked={shown}
              aria-describedby={titleId}
              title={t('admin.menuItems.show', { title })}
              disabled={busy}
              onClick={() => actor.send({ type: 'menuSettings.hiddenToggled', path: entry.path })}
              className="flex items-center gap-2 rounded px-2 py-1 text-sm text-ink hover:bg-primary/10 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
            >
              <span
                aria-hidden="true"
                className={`relative inline-block h-5 w-9 rounded-full border transition-colors ${shown ? 'border-primary bg-primary' : 'border-muted bg-transparent'}`}
              >
                <span
                  className={`absolute top-0.5 h-3.5 w-3.5 rounded-full transition-all ${shown ? 'left-[1.1rem] bg-white' : 'left-0.5 bg-muted'}`}
                />
              </span>
              <span className="w-14 text-left">{t(shown ? 'admin.menuItems.shown' : 'admin.menuItems.hidden')}</span>
            </button>
          )}
          <button
            type="button"
            className={ICON_BUTTON}
            disabled={busy || index <= 0}
            onClick={() => move(-1)}
            aria-label={t('admin.menuItems.moveUp', { title })}
            title={t('admin.menuItems.moveUp', { title })}
          >
            <Arrow up />
          </button>
          <button
            type="button"
            className={ICON_BUTTON}
            disabled={busy || index >= siblings.length - 1}
            onClick={() => move(1)}
            aria-label={t('admin.menuItems.moveDown', { title })}
            title={t('admin.menuItems.moveDown', { title })}
          >
            <Arrow up={false} />
          </button>
        </div>
      </div>
      {entry.children.length > 0 ? (
        <div className="pl-5">
          <EntryList
            actor={actor}
            entries={entry.children}
            parent={entry.path}
            hidden={hidden}
            registered={registered}
            hiddenWith={childHiddenWith}
            busy={busy}
          />
        </div>
      ) : null}
    </li>
  );
}

function EntryList({ entries, parent, ...rest }: Omit<RowProps, 'entry' | 'siblings'> & { entries: MenuEntry[] }) {
  const siblings = entries.map((e) => e.path);
  return (
    <ul>
      {entries.map((entry) => (
        <EntryRow key={entry.path} entry={entry} parent={parent} siblings={siblings} {...rest} />
      ))}
    </ul>
  );
}

function MenuItemsPanel({ actor }: { actor: MenuSettingsActorRef }) {
  const t = useT();
  const { dedicated, menu } = useSiteConfig();
  const status = useSelector(actor, selectMenuSettingsStatus);
  const draft = useSelector(actor, selectMenuDraft);
  const dirty = useSelector(actor, selectMenuDirty);
  const error = useSelector(actor, selectMenuSettingsError);
  const saveError = useSelector(actor, selectMenuSaveError);
  const fieldError = useFieldError(saveError);
  // Every entry, ordered as the draft orders them; hiding is shown on each row instead of dropping it.
  const tree = useMemo(
    () => buildMenu(MENU_SOURCES, SEES_EVERYTHING, dedicated, { hidden: [], order: draft.order }),
    [dedicated, draft.order],
  );
  const hidden = useMemo(() => new Set(draft.hidden), [draft.hidden]);
  const registered = useMemo(() => {
    const natural = buildMenu(MENU_SOURCES, SEES_EVERYTHING, dedicated);
    return siblingsByParent(natural.admin, ADMIN_MENU_PARENT, siblingsByParent(natural.main, MAIN_MENU_PARENT));
  }, [dedicated]);
  const busy = status === 'SAVING';
  // Another administrator's save reaches every browser; this screen takes it too.
  useEffect(() => {
    if (menu) actor.send({ type: 'menuSettings.pushed', settings: menu });
  }, [actor, menu]);
  if (status === 'LOADING')
    return (
      <p role="status" className="px-3 py-4 text-muted">
        {t('app.loading')}
      </p>
    );
  if (status === 'FAILED') {
    return (
      <div className="flex flex-col items-start gap-3 px-3 py-4">
        <AdminError error={error} />
        <Button variant="plain" onClick={() => actor.send({ type: 'menuSettings.reloaded' })}>
          {t('admin.refresh')}
        </Button>
      </div>
    );
  }
  const problems = [fieldError('hidden'), fieldError('order')].filter((p): p is string => !!p);
  return (
    <div className="flex max-w-3xl flex-col gap-4 px-3 py-4">
      <p className="text-sm text-ink">{t('admin.menuItems.intro')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Button disabled={!dirty || busy} onClick={() => actor.send({ type: 'menuSettings.saved' })}>
          {t('admin.save')}
        </Button>
        <Button variant="plain" disabled={!dirty || busy} onClick={() => actor.send({ type: 'menuSettings.discarded' })}>
          {t('admin.menuItems.discard')}
        </Button>
        <p role="status" className="text-sm text-muted">
          {dirty ? t('admin.menuItems.unsaved') : ''}
        </p>
      </div>
      <AdminError error={saveError} />
      {problems.map((p) => (
        <p key={p} className="text-sm text-ink">
          {p}
        </p>
      ))}
      <section aria-labelledby="menu-items-main" className="flex flex-col">
        <h2 id="menu-items-main" className="pb-1 text-base font-semibold text-ink">
          {t('admin.menuItems.main')}
        </h2>
        <EntryList
          actor={actor}
          entries={tree.main}
          parent={MAIN_MENU_PARENT}
          hidden={hidden}
          registered={registered}
          hiddenWith={null}
          busy={busy}
        />
      </section>
      <section aria-labelledby="menu-items-admin" className="flex flex-col">
        <h2 id="menu-items-admin" className="pb-1 text-base font-semibold text-ink">
          {t('admin.menuItems.admin')}
        </h2>
        <EntryList
          actor={actor}
          entries={tree.admin}
          parent={ADMIN_MENU_PARENT}
          hidden={hidden}
          registered={registered}
          hiddenWith={null}
          busy={busy}
        />
      </section>
    </div>
  );
}

/** The menu items screen (administrators of dedicated deployments; others see the server's refusal). */
export function MenuItemsView({ cell, spec }: CellViewProps) {
  const t = useT();
  const actor = useCellViewActor(cell, 'menu', menuSettingsMachine, undefined);
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'menu' }), [cell, title]);
  return actor ? <MenuItemsPanel actor={actor} /> : null;
}
