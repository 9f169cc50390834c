/**
 * The top search bar (spec 000 §2, §4 Search bar): an autofocused combobox with up to 5 suggestions.
 * Everything it knows lives in the searchBar actor; this only renders it and turns keys into events.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, type KeyboardEvent } from 'react';
import {
  selectHighlighted,
  selectOnSearchPage,
  selectSearchBarOpen,
  selectSearchError,
  selectSearchPhase,
  selectSearchText,
  selectSuggestions,
} from '../../../machines/search/searchBarMachine';
import type { SearchBarActorRef } from '../../../machines/systemIds';
import { SEARCH_MIN_TEXT } from '../../shared/constants';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';

const PANEL =
  'absolute inset-x-0 top-full z-40 mx-2 mt-1 overflow-hidden rounded-md border border-line bg-panel text-sm text-ink shadow-lg sm:mx-4';

/** The search field under the header, while the bar is open and the full results are not showing. */
export function SearchBar() {
  const { searchBar, router } = useActors();
  const open = useSelector(searchBar, selectSearchBarOpen);
  const onSearchPage = useSelector(router, selectOnSearchPage);
  // Reaching the full results another way (the drawer, a saved search, Back) closes the bar, so it
  // does not come back with its old text after them.
  useEffect(() => {
    if (onSearchPage) searchBar.send({ type: 'searchBar.closed' });
  }, [onSearchPage, searchBar]);
  return open && !onSearchPage ? <SearchCombobox searchBar={searchBar} /> : null;
}

function SearchCombobox({ searchBar }: { searchBar: SearchBarActorRef }) {
  const t = useT();
  const listId = useId();
  const text = useSelector(searchBar, selectSearchText);
  const phase = useSelector(searchBar, selectSearchPhase);
  const suggestions = useSelector(searchBar, selectSuggestions);
  const highlighted = useSelector(searchBar, selectHighlighted);
  const errorKey = useSelector(searchBar, selectSearchError);
  const expanded = phase === 'SUCCESS' && suggestions.length > 0;
  const optionId = (index: number): string => `${listId}-${index}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) searchBar.send({ type: 'searchBar.highlightMoved', step });
    else if (event.key === 'Enter') searchBar.send({ type: 'searchBar.submitted' });
    else if (event.key === 'Escape') searchBar.send({ type: 'searchBar.closed' });
    else return;
    // The caret stays where it is, and Esc does not also leave a dialog or fullscreen.
    event.preventDefault();
  };

  let notice = null;
  if (phase === 'NO_SEARCH' && text.trim())
    notice = (
      <p role="status" className="px-3 py-2 text-muted">
        {t('app.keepTyping', { min: SEARCH_MIN_TEXT })}
      </p>
    );
  else if (phase === 'FETCHING') {
    notice = (
      <p role="status" className="flex items-center gap-2 px-3 py-2 text-muted">
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-line border-t-primary" />
        {t('app.searching')}
      </p>
    );
  } else if (phase === 'SUCCESS' && !expanded)
    notice = (
      <p role="status" className="px-3 py-2 text-muted">
        {t('app.noResults.NONE')}
      </p>
    );
  else if (phase === 'FAILURE' && errorKey)
    notice = (
      <p role="alert" className="px-3 py-2 text-red-700 dark:text-red-300">
        {t(errorKey)}
      </p>
    );

  return (
    <div className="relative bg-header px-2 pb-2 sm:px-4">
      <input
        autoFocus
        type="text"
        role="combobox"
        aria-label={t('app.search')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && highlighted >= 0 ? optionId(highlighted) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => searchBar.send({ type: 'searchBar.typed', text: event.target.value })}
        onKeyDown={onKeyDown}
        placeholder={t('app.searchPlaceholder')}
        className="w-full rounded bg-panel px-3 py-2 text-sm text-ink placeholder:text-muted outline-none focus:ring-2 focus:ring-accent"
      />
      {expanded ? (
        <ul id={listId} role="listbox" aria-label={t('app.searchSuggestions')} className={`${PANEL} py-1`}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === highlighted}
              // Keeps the focus in the field, so the click lands on a still-open list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => searchBar.send({ type: 'searchBar.suggestionChosen', id: suggestion.id })}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 hover:bg-primary/10 ${index === highlighted ? 'bg-primary/15' : ''}`}
            >
              <span className="truncate">{suggestion.label}</span>
              <span className="shrink-0 text-xs text-muted">{suggestion.id}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {notice ? <div className={PANEL}>{notice}</div> : null}
    </div>
  );
}
