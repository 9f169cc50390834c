/**
 * The top search field (spec 000 §2): Enter opens a typed item id directly, anything else the full
 * results; Esc closes it. Suggestions arrive with the search bar machine (a later issue).
 */
import { useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { isValidId } from '../../shared/ids';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';

/** The search field under the header. */
export function SearchBar() {
  const t = useT();
  const { shell } = useActors();
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Escape') shell.send({ type: 'shell.searchClosed' });
    if (event.key !== 'Enter' || !text.trim()) return;
    const query = text.trim();
    shell.send({ type: 'shell.searchClosed' });
    navigate(isValidId(query) ? `/i-${query}` : `/search?c0=${encodeURIComponent(query)}`);
  };
  return (
    <div className="bg-header px-2 pb-2 sm:px-4">
      <input
        autoFocus
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('app.searchPlaceholder')}
        aria-label={t('app.search')}
        className="w-full rounded bg-white px-3 py-2 text-sm text-neutral-900 outline-none focus:ring-2 focus:ring-accent"
      />
    </div>
  );
}
