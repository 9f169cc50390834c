/** The home view (v-home, shown at /): the signed-in user's dashboard under a greeting. */
import { useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import { selectUser } from '../../../machines/session/authSelectors';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { useActors } from '../session/useActors';
import { lazyScreen } from '../shell/lazyScreen';

// A chunk of its own: the greeting draws at once, and the first download stays small.
const Dashboard = lazyScreen(() => import('../dashboard/Dashboard').then((m) => m.Dashboard));

/** Greets the user above the cards of the modules they may use. */
export function HomeView({ cell }: CellViewProps) {
  const t = useT();
  const { auth } = useActors();
  const user = useSelector(auth, selectUser);
  const title = t('views.v-home');
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'home' }), [cell, title]);
  return (
    <div className="flex flex-col gap-4 px-4 py-6">
      <h3 className="text-2xl font-semibold" data-testid="home-title">
        {user ? t('app.homeTitle', { name: user.name }) : t('app.loading')}
      </h3>
      {user ? (
        <Suspense
          fallback={
            <p role="status" className="text-muted">
              {t('app.loading')}
            </p>
          }
        >
          <Dashboard cell={cell} />
        </Suspense>
      ) : null}
    </div>
  );
}
