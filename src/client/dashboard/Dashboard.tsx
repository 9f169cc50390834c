/** The signed-in user's dashboard: the cards of the modules they may use, two thirds or a third wide. */
import type { CellActorRef } from '../../../machines/router/cellMachine';
import { useT } from '../i18n/useT';
import { DashboardCard } from './DashboardCard';
import { useDashboardCards } from './useDashboardCards';

/** The cards in a grid of three columns (one when the column is narrow), or what to do when none applies. */
export function Dashboard({ cell }: { cell: CellActorRef }) {
  const t = useT();
  const cards = useDashboardCards();
  if (!cards)
    return (
      <p role="status" className="text-muted">
        {t('app.loading')}
      </p>
    );
  if (cards.length === 0) return <p className="text-muted">{t('dashboard.none')}</p>;
  return (
    <div className="@container">
      <div className="grid grid-cols-1 gap-3 @3xl:grid-cols-3" data-testid="dashboard">
        {cards.map((card) => (
          <DashboardCard key={card.key} cell={cell} card={card} />
        ))}
      </div>
    </div>
  );
}
