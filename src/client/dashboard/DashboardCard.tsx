/** One card of the dashboard: its frame (title, width), its actor held by the home column, and its body by kind. */
import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { useState } from 'react';
import { selectCardError, selectCardHits, selectCardMonth, type CardActorRef } from '../../../machines/dashboard/cardMachine';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import type { CardDef, CardSize } from '../../shared/dashboard/CardDef';
import { monthOf } from '../../shared/dashboard/cardQuery';
import { AdminError } from '../admin/AdminError';
import { useT } from '../i18n/useT';
import { useCellViewActor } from '../layout/useCellViewActor';
import { Button } from '../shell/Button';
import { CalendarCard } from './CalendarCard';
import { ListCard } from './ListCard';
import { cardMachine } from '../../../machines/dashboard/cardMachine';

/** How many of the dashboard's three columns a card spans once the column is wide enough for three. */
const SPAN: Record<CardSize, string> = { TWO_THIRDS: '@3xl:col-span-2', THIRD: '@3xl:col-span-1' };

/** The card `card`, its actor kept by `cell` (the home column) for as long as the column is open. */
export function DashboardCard({ cell, card }: { cell: CellActorRef; card: CardDef }) {
  const t = useT();
  const [month] = useState(() => (card.kind === 'calendar' ? monthOf(new Date()) : null));
  const actor = useCellViewActor(cell, `card.${card.key}`, cardMachine, { card, month });
  const titleId = `card-${card.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <section
      aria-labelledby={titleId}
      data-card={card.key}
      className={`flex min-w-0 flex-col gap-2 rounded-lg border border-line bg-panel p-3 ${SPAN[card.size]}`}
    >
      <h4 id={titleId} className="text-base font-semibold">
        {t(card.title)}
      </h4>
      {actor ? (
        <CardBody actor={actor} card={card} />
      ) : (
        <p role="status" className="text-sm text-muted">
          {t('app.loading')}
        </p>
      )}
    </section>
  );
}

function CardBody({ actor, card }: { actor: CardActorRef; card: CardDef }) {
  const t = useT();
  const hits = useSelector(actor, selectCardHits);
  const error = useSelector(actor, selectCardError);
  const month = useSelector(actor, selectCardMonth);
  const failed = useSelector(actor, (s) => s.matches('FAILED'));
  return (
    <>
      <AdminError error={error} />
      {failed ? (
        <div>
          <Button variant="plain" onClick={() => actor.send({ type: 'card.reloadRequested' })}>
            {t('dashboard.retry')}
          </Button>
        </div>
      ) : null}
      {card.kind === 'calendar' && month ? (
        <CalendarCard
          card={card}
          hits={hits}
          month={month}
          today={format(new Date(), 'yyyy-MM-dd')}
          onMonth={(next) => actor.send({ type: 'card.monthShown', month: next })}
        />
      ) : hits ? (
        <ListCard card={card} hits={hits} />
      ) : failed ? null : (
        <p role="status" className="text-sm text-muted">
          {t('app.loading')}
        </p>
      )}
    </>
  );
}
