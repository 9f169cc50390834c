/**
 * The column of a view the signed-in user may not use (`/admin.sysalerts` for a member who is not an
 * administrator): it says so, shows the address and links home, instead of a screen that looks as if
 * it worked and then fails on every request.
 */
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { homeHref } from './homeHref';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { NOTICE_ACTION, NotAllowedNotice } from './NotAllowedNotice';

/** Says that the view at this address is not open to the user, and links home. */
export function NotAllowedView({ cell, spec }: CellViewProps) {
  const t = useT();
  const search = useSearch();
  const title = t('views.v-not-allowed');
  useEffect(() => cell.send({ type: 'cell.described', title, actionBtn: null }), [cell, title]);
  return (
    <NotAllowedNotice heading={t('app.notAllowed.heading')} text={t('app.notAllowed.text')} address={`/${spec.segments.join('/')}`}>
      <Link href={homeHref(search)} className={NOTICE_ACTION}>
        {t('app.notFound.home')}
      </Link>
    </NotAllowedNotice>
  );
}
