/** The legal pages as views (spec 000 §2): /terms, /privacy-policy with its #cookies section, /imprint. */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectUser, type AuthSnapshot } from '../../../machines/session/authSelectors';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { useActors } from '../session/useActors';
import { Paragraphs } from './Paragraphs';

const PAGE = 'max-w-3xl space-y-3 px-4 py-6 text-ink';

function useDescribed({ cell }: CellViewProps, key: string): void {
  const t = useT();
  const title = t(`views.${key}`);
  useEffect(() => cell.send({ type: 'cell.described', title }), [cell, title]);
}

/** /terms: the terms of use. */
export function TermsView(props: CellViewProps) {
  const t = useT();
  const { siteName } = useSiteConfig();
  useDescribed(props, 'v-terms');
  return (
    <div className={PAGE}>
      <Paragraphs text={t('legal.terms.body', { siteName })} />
    </div>
  );
}

/** /privacy-policy: what is kept and, under #cookies, what the browser stores. */
export function PrivacyView(props: CellViewProps) {
  const t = useT();
  const { siteName } = useSiteConfig();
  useDescribed(props, 'v-privacy-policy');
  // The cookie banner links to #cookies: the section must come into view once it is drawn.
  useEffect(() => {
    if (window.location.hash === '#cookies') document.getElementById('cookies')?.scrollIntoView();
  }, []);
  return (
    <div className={PAGE}>
      <Paragraphs text={t('legal.privacy.body', { siteName })} />
      <section id="cookies" aria-labelledby="cookies-title" className="space-y-3">
        <h2 id="cookies-title" className="pt-2 text-lg font-semibold">
          {t('legal.cookies.title')}
        </h2>
        <Paragraphs text={t('legal.cookies.body', { siteName })} />
      </section>
    </div>
  );
}

const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;

/**
 * /imprint: the site, who operates it and who answers for its content. The text is the site text
 * legal.imprint.body, which administrators word under System texts (shown to them here with a link).
 */
export function ImprintView(props: CellViewProps) {
  const t = useT();
  const { siteName, operator } = useSiteConfig();
  const admin = useSelector(useActors().auth, selectAdmin);
  useDescribed(props, 'v-imprint');
  return (
    <div className={PAGE}>
      <h2 className="text-lg font-semibold">{t('legal.imprint.site', { siteName })}</h2>
      {operator ? <Paragraphs text={t('legal.imprint.operator', { operator })} /> : null}
      <Paragraphs text={t('legal.imprint.body', { siteName })} />
      {admin ? (
        <p className="rounded border border-line bg-panel p-3 text-sm text-muted">
          {t('legal.imprint.adminHint')}{' '}
          <a className="text-primary-ink underline dark:text-blue-300" href="/admin.systext">
            {t('views.v-admin.systext')}
          </a>
        </p>
      ) : null}
    </div>
  );
}
