/** The user menu (spec 000 §2): signed in, profile, sign-out and display toggles; signed out, sign-in, register, forgot password. */
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { selectTokenValid, selectUser } from '../../../machines/session/authSelectors';
import { selectRecent, type MasqueradeSnapshot, type MasqueradeTarget } from '../../../machines/session/masqueradeMachine';
import type { PrefName } from '../../../machines/session/shellMachine';
import { useDarkTheme } from '../hooks/useDarkTheme';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useT } from '../i18n/useT';
import { MasqueradeDialog } from '../masquerade/MasqueradeDialog';
import { selectPrefs } from '../session/selectors';
import { useActors } from '../session/useActors';
import { Icon } from './Icon';
import { Menu, MenuEntry, MenuSeparator, MenuText, MenuToggle } from './Menu';

const TOGGLES: readonly { pref: Exclude<PrefName, 'debugLogging'>; label: string }[] = [
  { pref: 'dark', label: 'app.darkMode' },
  { pref: 'hideGuidance', label: 'app.hideGuidance' },
  { pref: 'multiColumns', label: 'app.multiColumns' },
];

const selectRecentKey = (s: MasqueradeSnapshot): string => JSON.stringify(selectRecent(s));

/** The account menu in the header. */
export function UserMenu() {
  const t = useT();
  const { auth, shell, masquerade } = useActors();
  const recent = JSON.parse(useSelector(masquerade, selectRecentKey)) as MasqueradeTarget[];
  const user = useSelector(auth, selectUser);
  const signedIn = useSelector(auth, selectTokenValid);
  const prefs = useSelector(shell, selectPrefs);
  const [, navigate] = useLocation();
  const dark = useDarkTheme();
  const { registrationOpen } = useSiteConfig();

  if (!signedIn) {
    return (
      <Menu label={t('app.signedOutMenu')} trigger={<Icon name="user" />}>
        <MenuEntry onSelect={() => navigate('/sign-in')}>{t('app.signIn')}</MenuEntry>
        {registrationOpen ? <MenuEntry onSelect={() => navigate('/register')}>{t('app.register')}</MenuEntry> : null}
        <MenuEntry onSelect={() => navigate('/forgot-password')}>{t('app.forgotPassword')}</MenuEntry>
      </Menu>
    );
  }
  const initial = user?.name.trim().charAt(0).toUpperCase() ?? '';
  const masquerading = user?.masquerading === true;
  const mayMasquerade = user?.admin === true && !masquerading;
  return (
    <>
      {masquerading && user ? (
        // On a phone a row of its own below the header's buttons, the name whole; wider, a pill beside them, cut short with its title whole.
        <span
          role="status"
          title={t('app.masquerade.active', { name: user.name })}
          className="order-last mb-1 basis-full break-words rounded-md bg-accent px-2 py-0.5 text-center text-xs font-semibold text-neutral-900 sm:order-none sm:mb-0 sm:max-w-xs sm:basis-auto sm:truncate sm:rounded-full sm:text-left"
        >
          {t('app.masquerade.active', { name: user.name })}
        </span>
      ) : null}
      <Menu
        label={t('app.userMenu')}
        trigger={
          initial ? (
            <span
              aria-hidden="true"
              className={`flex h-8 w-8 items-center justify-center rounded-full bg-accent font-semibold text-neutral-900 ${masquerading ? 'ring-2 ring-white' : ''}`}
            >
              {initial}
            </span>
          ) : (
            <Icon name="user" />
          )
        }
      >
        {user ? (
          <MenuText>
            <span className="block font-medium text-ink">{user.name}</span>
            <span className="block">{user.email}</span>
          </MenuText>
        ) : null}
        {user ? <MenuEntry onSelect={() => navigate(`/i-${user.$id}`)}>{t('app.profile')}</MenuEntry> : null}
        {masquerading ? (
          <MenuEntry onSelect={() => masquerade.send({ type: 'masquerade.stopRequested' })}>{t('app.stopMasquerade')}</MenuEntry>
        ) : null}
        {mayMasquerade ? (
          <MenuEntry onSelect={() => masquerade.send({ type: 'masquerade.opened' })}>{t('app.masquerade')}</MenuEntry>
        ) : null}
        {mayMasquerade
          ? recent.map((target) => (
              <MenuEntry key={target.id} onSelect={() => masquerade.send({ type: 'masquerade.started', target })}>
                {t('app.masquerade.as', { label: target.label })}
              </MenuEntry>
            ))
          : null}
        <MenuSeparator />
        {TOGGLES.map(({ pref, label }) => (
          <MenuToggle
            key={pref}
            checked={pref === 'dark' ? dark : (prefs[pref] ?? user?.[pref] ?? false)}
            onChange={(value) => shell.send({ type: 'shell.prefSet', pref, value })}
          >
            {t(label)}
          </MenuToggle>
        ))}
        <MenuSeparator />
        <MenuEntry onSelect={() => navigate('/sign-out')}>{t('app.signOut')}</MenuEntry>
      </Menu>
      {mayMasquerade ? <MasqueradeDialog /> : null}
    </>
  );
}
