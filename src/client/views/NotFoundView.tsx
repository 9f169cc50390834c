/**
 * The column of an address that names nothing (`/no-such-view`, `/i-Contact-abc`): what was asked for, why it
 * shows nothing, and the way home, in place of a blank page (spec 000 §2 Legacy paths: errors.cellKeyNotValid).
 */
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { homeHref } from './homeHref';
import { NOTICE_ACTION } from './NotAllowedNotice';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';

/** Says that nothing lives at the address, shows it as text, and links home. */
export function NotFoundView({ cell, spec }: CellViewProps) {
  const t = useT();
  const search = useSearch();
  const title = t('views.v-not-found');
  useEffect(() => cell.send({ type: 'cell.described', title }), [cell, title]);
  return (
    <div className="mx-auto max-w-xl px-4 py-10 text-ink">
      <p aria-hidden="true" className="mb-2 text-5xl font-semibold text-muted">
        404
      </p>
      <h3 className="mb-3 text-2xl font-semibold">{title}</h3>
      <p className="mb-2">{t('app.notFound.text')}</p>
      <p className="mb-4 break-all rounded border border-line bg-surface px-3 py-2 font-mono text-sm" data-testid="not-found-address">
        {spec.arg ?? ''}
      </p>
      <p className="mb-6 text-sm text-muted">{t('errors.cellKeyNotValid', { key: spec.segments[0] ?? '' })}</p>
      <Link href={homeHref(search)} className={NOTICE_ACTION}>
        {t('app.notFound.home')}
      </Link>
    </div>
  );
}
