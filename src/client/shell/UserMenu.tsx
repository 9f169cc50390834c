/** The user menu (spec 000 §2): signed in, profile, sign-out and display toggles; signed out, sign-in, register, forgot password. */
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { selectTokenValid, selectUser } from '../../../machines/session/authSelectors';
import type { PrefName } from '../../../machines/session/shellMachine';
import { useDarkTheme } from '../hooks/useDarkTheme';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useT } from '../i18n/useT';
import { selectPrefs } from '../session/selectors';
import { useActors } from '../session/useActors';
import { Icon } from './Icon';
import { Menu, MenuEntry, MenuSeparator, MenuText, MenuToggle } from './Menu';

const TOGGLES: readonly { pref: Exclude<PrefName, 'debugLogging'>; label: string }[] = [
  { pref: 'dark', label: 'app.darkMode' },
  { pref: 'hideGuidance', label: 'app.hideGuidance' },
  { pref: 'multiColumns', label: 'app.multiColumns' },
];

/** The account menu in the header. */
export function UserMenu() {
  const t = useT();
  const { auth, shell } = useActors();
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
  return (
    <Menu
      label={t('app.userMenu')}
      trigger={
        initial ? (
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-accent font-semibold text-neutral-900">
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
      {user?.masquerading ? <MenuEntry onSelect={() => navigate('/sign-out')}>{t('app.stopMasquerade')}</MenuEntry> : null}
      {user?.admin && !user.masquerading ? <MenuEntry disabled>{t('app.masquerade')}</MenuEntry> : null}
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
  );
}
