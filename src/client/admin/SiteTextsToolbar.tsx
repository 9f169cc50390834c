/** The site texts' filters: the language, the search text and Changed only. */
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';

/** The language codes the server takes (`LOV_LOCALE`). */
const LANG_PATTERN = '[a-z]{2,3}(-[A-Za-z0-9]{2,8})?';

export interface SiteTextsFilter {
  search: string;
  changedOnly: boolean;
}

interface Props {
  lang: string;
  busy: boolean;
  filter: SiteTextsFilter;
  onLang: (lang: string) => void;
  onFilter: (filter: SiteTextsFilter) => void;
}

/** Language (asked for with Show), search field and the Changed only switch. */
export function SiteTextsToolbar({ lang, busy, filter, onLang, onFilter }: Props) {
  const t = useT();
  const id = useId();
  const [draftLang, setDraftLang] = useState(lang);
  const chooseLang = (event: FormEvent) => {
    event.preventDefault();
    const next = draftLang.trim();
    if (next && next !== lang) onLang(next);
  };
  const input = 'rounded border border-line bg-surface px-3 py-2 text-ink outline-none focus:ring-2 focus:ring-primary';
  return (
    <div className="flex flex-col gap-3 rounded border border-line bg-panel p-4 sm:flex-row sm:flex-wrap sm:items-start">
      <form onSubmit={chooseLang} className="flex max-w-64 flex-col" aria-label={t('admin.systext.lang')}>
        <label htmlFor={`${id}-lang`} className="mb-1 block text-sm font-medium">
          {t('admin.systext.lang')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-lang`}
            value={draftLang}
            onChange={(e) => setDraftLang(e.target.value)}
            pattern={LANG_PATTERN}
            required
            aria-describedby={`${id}-lang-hint`}
            className={`${input} w-28`}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" variant="plain" disabled={busy}>
            {t('admin.systext.show')}
          </Button>
        </div>
        <p id={`${id}-lang-hint`} className="mt-1 text-xs text-muted">
          {t('admin.systext.langHint')}
        </p>
      </form>
      <div className="min-w-48 flex-1">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium">
          {t('admin.systext.search')}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={filter.search}
          onChange={(e) => onFilter({ ...filter, search: e.target.value })}
          aria-describedby={`${id}-search-hint`}
          className={`${input} w-full`}
          autoComplete="off"
        />
        <p id={`${id}-search-hint`} className="mt-1 text-xs text-muted">
          {t('admin.systext.searchHint')}
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm sm:pt-8">
        <input
          type="checkbox"
          checked={filter.changedOnly}
          onChange={(e) => onFilter({ ...filter, changedOnly: e.target.checked })}
          className="h-4 w-4 accent-[var(--color-primary)]"
        />
        {t('admin.systext.changedOnly')}
      </label>
    </div>
  );
}
