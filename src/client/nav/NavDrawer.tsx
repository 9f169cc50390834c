/**
 * The navigation drawer (spec 000 §2 menus, §9 drawer 240 px): the menu built from nav items by
 * capability, the admin menu as its own section, the user's saved searches, and help and legal pages.
 */
import { useSelector } from '@xstate/react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { selectUnseenCount } from '../../../machines/session/whatsNewMachine';
import type { MenuEntry } from '../../shared/modules/buildMenu';
import { useT } from '../i18n/useT';
import { CellIcon } from '../layout/CellIcon';
import { SavedSearchList } from '../savedSearches/SavedSearchList';
import { useRadix } from '../shell/radixModule';
import { useActors } from '../session/useActors';
import { useMenu } from './useMenu';

const LINK =
  'block rounded px-3 py-2 text-sm text-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary';
const HEADING = 'px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-muted';

const HELP_LINKS = [
  { href: '/docs', title: 'views.v-docs' },
  { href: '/whats-new', title: 'views.v-whats-new' },
  { href: '/terms', title: 'views.v-terms' },
  { href: '/privacy-policy', title: 'views.v-privacy-policy' },
  { href: '/imprint', title: 'views.v-imprint' },
] as const;

/** A link that navigates through the router: a modifier or middle click opens a new tab. */
function NavLink({ href, children, onFollow, icon }: { href: string; children: string; onFollow: () => void; icon?: string | undefined }) {
  const { router } = useActors();
  const follow = (event: MouseEvent, newTab: boolean): void => {
    event.preventDefault();
    router.send({ type: 'router.linkFollowed', href, newTab });
    if (!newTab) onFollow();
  };
  return (
    <a
      href={href}
      className={LINK}
      onClick={(event) => follow(event, event.metaKey || event.ctrlKey || event.shiftKey)}
      onAuxClick={(event) => (event.button === 1 ? follow(event, true) : undefined)}
    >
      {/* Each view's own icon, the one its column's toolbar shows. */}
      {icon ? (
        <span className="flex items-center gap-3">
          <CellIcon name={icon} />
          {children}
        </span>
      ) : (
        children
      )}
    </a>
  );
}

function Entries({ entries, onFollow }: { entries: MenuEntry[]; onFollow: () => void }) {
  const t = useT();
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.path}>
          <NavLink href={entry.href} onFollow={onFollow} icon={entry.icon}>
            {t(entry.title)}
          </NavLink>
          {entry.children.length > 0 ? (
            <div className="pl-3">
              <Entries entries={entry.children} onFollow={onFollow} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={HEADING}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The header's menu button and the drawer it opens from the left. */
export function NavDrawer() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { main, admin } = useMenu();
  const { whatsNew } = useActors();
  const unseen = useSelector(whatsNew, selectUnseenCount);
  const close = (): void => setOpen(false);
  // The help section is the docs menu: its What's new entry counts the entries not seen yet.
  const helpTitle = (link: (typeof HELP_LINKS)[number]): string =>
    link.href === '/whats-new' && unseen > 0 ? t('app.whatsNewCount', { count: unseen }) : t(link.title);
  const radix = useRadix(open);
  const trigger = {
    'aria-label': t('app.menu'),
    title: t('app.menu'),
    className: 'rounded-full p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent',
    children: (
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="h-6 w-6 fill-current">
        <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
      </svg>
    ),
  };
  // Until Radix has loaded (radixModule.ts) the button is a plain one that opens the drawer once it has.
  if (!radix) {
    return (
      <button type="button" aria-haspopup="dialog" aria-expanded={false} data-state="closed" onClick={() => setOpen(true)} {...trigger} />
    );
  }
  const { Dialog } = radix;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger {...trigger} />
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-60 flex-col overflow-y-auto border-r border-line bg-panel pb-4 text-ink shadow-xl"
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b border-line px-3">
            <Dialog.Title className="font-semibold">{t('app.menu')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('app.close')}
              className="rounded-full p-2 text-muted hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="h-5 w-5 fill-current">
                <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label={t('app.menu.main')} className="px-1">
            {main.length > 0 ? (
              <Section id="nav-main" title={t('app.menu.main')}>
                <Entries entries={main} onFollow={close} />
              </Section>
            ) : null}
            {main.length > 0 ? <SavedSearchList onOpen={close} /> : null}
            {admin.length > 0 ? (
              <Section id="nav-admin" title={t('app.menu.admin')}>
                <Entries entries={admin} onFollow={close} />
              </Section>
            ) : null}
            <Section id="nav-help" title={t('app.menu.help')}>
              <ul>
                {HELP_LINKS.map((link) => (
                  <li key={link.href}>
                    <NavLink href={link.href} onFollow={close}>
                      {helpTitle(link)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </Section>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
