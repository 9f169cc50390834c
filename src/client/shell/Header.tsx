/** The app bar (spec 000 §2 Header and menus): home link, search toggle, connection, bell, user and help menus. */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { selectOnSearchPage, selectSearchBarOpen } from '../../../machines/search/searchBarMachine';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useT } from '../i18n/useT';
import { NavDrawer } from '../nav/NavDrawer';
import { useActors } from '../session/useActors';
import { ConnectionIndicator } from './ConnectionIndicator';
import { HelpMenu } from './HelpMenu';
import { Icon } from './Icon';
import { NotificationBell } from './NotificationBell';
import { SearchBar } from './SearchBar';
import { UserMenu } from './UserMenu';

/** The header bar. */
export function Header() {
  const t = useT();
  const { siteName } = useSiteConfig();
  const { searchBar, router } = useActors();
  const searchOpen = useSelector(searchBar, selectSearchBarOpen);
  const onSearchPage = useSelector(router, selectOnSearchPage);
  return (
    <header className="sticky top-0 z-30 bg-header text-white shadow">
      {/* Wraps only for the masquerade notice, which takes a row of its own on a phone (UserMenu). */}
      <div className="flex min-h-14 flex-wrap items-center gap-x-1 px-2 py-1 sm:px-4">
        <NavDrawer />
        {/* Takes the room the buttons leave (from a basis of 0, so a long site name never pushes a button to a second row). */}
        <div className="flex min-w-0 flex-1 basis-0">
          <Link
            href="/"
            className="flex min-w-0 items-center gap-2 rounded px-1 py-1 focus-visible:outline-2 focus-visible:outline-accent"
            title={t('app.home')}
          >
            <img src="/icons/icon.svg" alt="" className="h-8 w-8 shrink-0" />
            {/* On a phone the site's name has the room alone, on up to two lines, rather than both cut short. */}
            <span className="min-w-0 leading-tight">
              <span className="line-clamp-2 break-words text-sm font-semibold sm:block sm:truncate sm:text-base">{siteName}</span>
              <span className="hidden truncate text-xs text-white/75 sm:block">{t('app.subtitle')}</span>
            </span>
          </Link>
        </div>
        <ConnectionIndicator />
        <button
          type="button"
          aria-label={t('app.search')}
          title={t('app.search')}
          aria-expanded={searchOpen && !onSearchPage}
          disabled={onSearchPage}
          onClick={() => searchBar.send({ type: 'searchBar.toggled' })}
          className="rounded-full p-2 hover:bg-white/10 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-accent"
        >
          <Icon name="search" />
        </button>
        <NotificationBell />
        <UserMenu />
        <HelpMenu />
      </div>
      <SearchBar />
    </header>
  );
}
