/** A known view whose screen comes with a later module (spec 000 §2 Known paths). */
import { useEffect } from 'react';
import { bundledMessages } from '../i18n/createAppIntl';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';

/** Names the view and says that its screen is not available yet. */
export function RouteOnlyView({ cell, spec }: CellViewProps) {
  const t = useT();
  const title = Object.hasOwn(bundledMessages(), `views.${spec.key}`) ? t(`views.${spec.key}`) : spec.segments.join('/');
  useEffect(() => cell.send({ type: 'cell.described', title }), [cell, title]);
  return <p className="px-4 py-6 text-muted">{t('app.routeOnly')}</p>;
}
