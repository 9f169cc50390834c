/** The document title: the page title plus the site name (spec 000 §2 Layout). */
import { useEffect } from 'react';
import { useSiteConfig } from './useSiteConfig';

/** Sets `title · siteName` while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  const { siteName } = useSiteConfig();
  useEffect(() => {
    document.title = `${title} · ${siteName}`;
  }, [title, siteName]);
}
