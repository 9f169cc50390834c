/**
 * admin.systext: the site's own wording of the app's texts (locale overrides), per language. Lists
 * every bundled message key with its English text and the site's text, filtered by a search and
 * Changed only, a page at a time. A saved text shows at once in this browser; others load it with
 * their next page.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import {
  selectSiteTexts,
  selectSiteTextsError,
  selectSiteTextsLang,
  selectSiteTextsStatus,
  type SiteTextsActorRef,
} from '../../../machines/admin/siteTextsMachine';
import { bundledMessages } from '../i18n/createAppIntl';
import { loadedModuleMessages, onModuleMessages } from '../i18n/moduleCatalogue';
import { loadAllScreens } from '../modules/moduleRegistry';
import { useIntl } from '../i18n/IntlContext';
import { useSession } from '../session/SessionContext';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { useCellViewActor } from '../layout/useCellViewActor';
import { Button } from '../shell/Button';
import { AdminError } from './AdminError';
import { SiteTextEntry } from './SiteTextEntry';
import { SiteTextsToolbar, type SiteTextsFilter } from './SiteTextsToolbar';
import { siteTextsMachine } from '../../../machines/admin/siteTextsMachine';

/** Texts per page: enough to scan, few enough that the page stays light. */
export const SITE_TEXTS_PAGE_SIZE = 25;

interface Row {
  key: string;
  original: string | undefined;
  override: string | undefined;
}

/** Every bundled key, then the site's keys the bundle does not have (left from an older version), by key. */
function rowsOf(bundled: Record<string, string>, overrides: Record<string, string>): Row[] {
  const keys = new Set([...Object.keys(bundled), ...Object.keys(overrides)]);
  return [...keys].sort((a, b) => a.localeCompare(b)).map((key) => ({ key, original: bundled[key], override: overrides[key] }));
}

function matches(row: Row, { search, changedOnly }: SiteTextsFilter): boolean {
  if (changedOnly && row.override === undefined) return false;
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [row.key, row.original ?? '', row.override ?? ''].some((text) => text.toLocaleLowerCase().includes(needle));
}

function SiteTextsPanel({ actor }: { actor: SiteTextsActorRef }) {
  const t = useT();
  const id = useId();
  const status = useSelector(actor, selectSiteTextsStatus);
  const lang = useSelector(actor, selectSiteTextsLang);
  const overrides = useSelector(actor, selectSiteTexts);
  const error = useSelector(actor, selectSiteTextsError);
  const [filter, setFilter] = useState<SiteTextsFilter>({ search: '', changedOnly: false });
  const [page, setPage] = useState(0);
  // Every module's screens' messages are site texts too: load them all (they join the catalogue).
  useEffect(() => {
    loadAllScreens().catch(() => undefined);
  }, []);
  const loaded = useSyncExternalStore(onModuleMessages, loadedModuleMessages);
  // Recomputed when a module's messages arrive (`loaded` changes), though it reads them through bundledMessages().
  const rows = useMemo(() => rowsOf({ ...bundledMessages(), ...loaded }, overrides), [loaded, overrides]);
  const found = useMemo(() => rows.filter((row) => matches(row, filter)), [rows, filter]);
  const pages = Math.max(1, Math.ceil(found.length / SITE_TEXTS_PAGE_SIZE));
  // A narrower search (or a removed text under Changed only) may leave fewer pages than the one shown.
  const shownPage = Math.min(page, pages - 1);
  const from = shownPage * SITE_TEXTS_PAGE_SIZE;
  const shown = found.slice(from, from + SITE_TEXTS_PAGE_SIZE);
  const onFilter = (next: SiteTextsFilter) => {
    setFilter(next);
    setPage(0);
  };
  // Refused (not an administrator) or not reachable: the reason, and a way to ask again; no texts.
  if (status === 'FAILED') {
    return (
      <div className="flex flex-col items-start gap-3 px-3 py-4">
        <AdminError error={error} />
        <Button variant="plain" onClick={() => actor.send({ type: 'siteTexts.reloaded' })}>
          {t('admin.refresh')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4 px-3 py-4">
      <p className="text-sm text-muted">{t('admin.systext.intro')}</p>
      <SiteTextsToolbar
        key={lang}
        lang={lang}
        busy={status === 'SAVING'}
        filter={filter}
        onLang={(next) => actor.send({ type: 'siteTexts.langChosen', lang: next })}
        onFilter={onFilter}
      />
      {status === 'LOADING' ? (
        <p role="status" className="text-muted">
          {t('app.loading')}
        </p>
      ) : (
        <section aria-labelledby={`${id}-count`} className="flex flex-col gap-2">
          <p id={`${id}-count`} role="status" className="text-sm font-medium text-ink">
            {found.length === 0
              ? t('admin.systext.none')
              : t('admin.systext.range', { from: from + 1, to: from + shown.length, total: found.length })}
          </p>
          <ul className="flex flex-col gap-2">
            {shown.map((row) => (
              <SiteTextEntry
                key={`${lang}:${row.key}`}
                actor={actor}
                messageKey={row.key}
                original={row.original}
                override={row.override}
              />
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label={t('admin.systext.pages')} className="flex flex-wrap items-center gap-2">
              <Button variant="plain" disabled={shownPage === 0} onClick={() => setPage(shownPage - 1)}>
                {t('admin.systext.previousPage')}
              </Button>
              <span className="text-sm text-muted">
                {shownPage + 1} / {pages}
              </span>
              <Button variant="plain" disabled={shownPage >= pages - 1} onClick={() => setPage(shownPage + 1)}>
                {t('admin.systext.nextPage')}
              </Button>
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}

/** The site texts screen (administrators; others see the server's refusal). */
export function SiteTextsView({ cell, spec }: CellViewProps) {
  const t = useT();
  const intl = useIntl();
  const session = useSession();
  const actor = useCellViewActor(cell, 'texts', siteTextsMachine, { lang: intl.locale });
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'article' }), [cell, title]);
  // The administrator's own page shows a saved text at once, before the server's push to every page.
  useEffect(() => {
    if (!actor) return undefined;
    const subscription = actor.on('siteTexts.changed', ({ lang, key, message }) =>
      session.send({ type: 'session.messageChanged', lang, key, message }),
    );
    return () => subscription.unsubscribe();
  }, [actor, session]);
  return actor ? <SiteTextsPanel actor={actor} /> : null;
}
