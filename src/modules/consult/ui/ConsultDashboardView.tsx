/** consult.dashboard (spec 001 §2): the consultation cards the user may see, as the home screen draws them. */
import { useEffect, useMemo } from 'react';
import { DashboardCard } from '../../../client/dashboard/DashboardCard';
import { useDashboardCards } from '../../../client/dashboard/useDashboardCards';
import { useT } from '../../../client/i18n/useT';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { onConsultDashboard } from '../cards';

/** The module's own cards in a grid of three (one a row in a narrow column), or what to do when none applies. */
export function ConsultDashboardView({ cell, spec }: CellViewProps) {
  const t = useT();
  const title = t('views.v-consult.dashboard');
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'dashboard' }), [cell, title, spec.key]);
  const all = useDashboardCards();
  const cards = useMemo(() => all?.filter(onConsultDashboard) ?? null, [all]);
  return (
    <div className="flex flex-col gap-4 px-4 py-6">
      <h3 className="text-2xl font-semibold">{title}</h3>
      {!cards ? (
        <p role="status" className="text-muted">
          {t('app.loading')}
        </p>
      ) : cards.length === 0 ? (
        <p className="text-muted">{t('consult.dashboard.none')}</p>
      ) : (
        <div className="@container">
          <div className="grid grid-cols-1 gap-3 @3xl:grid-cols-3" data-testid="consult-dashboard">
            {cards.map((card) => (
              <DashboardCard key={card.key} cell={cell} card={card} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
