/** The page around every view: header, content, snackbar, the blocking dialogs and the banners. */
import { useApplyTheme } from '../hooks/useApplyTheme';
import { useT } from '../i18n/useT';
import { AuthDialog } from '../shell/AuthDialog';
import { CookieBanner } from '../shell/CookieBanner';
import { Header } from '../shell/Header';
import { KillTaskDialog } from '../shell/KillTaskDialog';
import { NewVersionPrompt } from '../shell/NewVersionPrompt';
import { Snackbar } from '../shell/Snackbar';
import { SysAlertDialog } from '../shell/SysAlertDialog';
import { RouterSync } from '../layout/RouterSync';
import { useActors } from '../session/useActors';
import { AppRoutes } from './AppRoutes';

/** The app shell. */
export function Shell() {
  const t = useT();
  const { router } = useActors();
  useApplyTheme();
  return (
    // With columns, the page is the window's height exactly: the header takes what it needs (a second row
    // while masquerading on a phone) and the columns the rest, each scrolling on its own; the page never scrolls.
    <div className="flex min-h-screen flex-col bg-surface text-ink has-[[data-columns]]:h-dvh has-[[data-columns]]:min-h-0">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-panel focus:p-2"
      >
        {t('app.skipToContent')}
      </a>
      <RouterSync router={router} />
      <Header />
      <main
        id="content"
        className="flex-1 pb-24 has-[[data-columns]]:flex has-[[data-columns]]:min-h-0 has-[[data-columns]]:flex-col has-[[data-columns]]:pb-0"
      >
        <AppRoutes />
      </main>
      <Snackbar />
      <AuthDialog />
      <SysAlertDialog />
      <KillTaskDialog />
      <NewVersionPrompt />
      <CookieBanner />
    </div>
  );
}
