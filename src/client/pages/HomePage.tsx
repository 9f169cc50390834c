/** The signed-in home (view v-home, shown at /): the column layout arrives with the router machine. */
import { useSelector } from '@xstate/react';
import { selectUser } from '../../../machines/session/authSelectors';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';

/** The home view. */
export function HomePage() {
  const t = useT();
  const { auth } = useActors();
  const user = useSelector(auth, selectUser);
  useDocumentTitle(t('app.home'));
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-semibold" data-testid="home-title">
        {user ? t('app.homeTitle', { name: user.name }) : t('app.loading')}
      </h1>
      <p className="text-muted">{t('app.homeText')}</p>
    </div>
  );
}
