/**
 * Light or dark (spec 000 §1, §9): the choice made in the user menu on this browser, else dark when the
 * user's setting asks for it, else the system's.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectUser } from '../../../machines/session/authSelectors';
import { selectPrefs } from '../session/selectors';
import { useActors } from '../session/useActors';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const systemPrefersDark = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

/** Whether the dark theme is on. */
export function useDarkTheme(): boolean {
  const { auth, shell } = useActors();
  const prefs = useSelector(shell, selectPrefs);
  const user = useSelector(auth, selectUser);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = (): void => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  // The server's flag defaults to false, which says nothing about a choice: only `true` overrides the system.
  return prefs.dark ?? (user?.dark === true ? true : systemDark);
}
