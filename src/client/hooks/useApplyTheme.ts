/** Puts the theme on <html>: the `dark` class and the site's colours of spec 000 §9 as CSS variables. */
import { useLayoutEffect } from 'react';
import { useDarkTheme } from './useDarkTheme';
import { useSiteConfig } from './useSiteConfig';

/** Applies the current theme to the document root. */
export function useApplyTheme(): void {
  const dark = useDarkTheme();
  const { colours } = useSiteConfig();
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    // `light` overrides the stylesheet's system-dark default when the user chose light.
    root.classList.toggle('light', !dark);
    const set = dark ? colours.dark : colours.light;
    root.style.setProperty('--kk-header', set.header);
    root.style.setProperty('--kk-primary', set.primary);
    root.style.setProperty('--kk-secondary', set.secondary);
    root.style.setProperty('--kk-accent', set.accent);
  }, [dark, colours]);
}
