/** The home view (v-home, shown at /): the first column of a signed-in user. */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectUser } from '../../../machines/session/authSelectors';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { useActors } from '../session/useActors';

/** Greets the user; modules add their entry points to the menus. */
export function HomeView({ cell }: CellViewProps) {
  const t = useT();
  const { auth } = useActors();
  const user = useSelector(auth, selectUser);
  const title = t('views.v-home');
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'home' }), [cell, title]);
  return (
    <div className="px-4 py-6">
      <h3 className="mb-2 text-2xl font-semibold" data-testid="home-title">
        {user ? t('app.homeTitle', { name: user.name }) : t('app.loading')}
      </h3>
      <p className="text-muted">{t('app.homeText')}</p>
    </div>
  );
}
