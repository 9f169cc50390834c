/**
 * The routes and the access rule of spec 000 §2: without a valid token every path but /sign-in, /i-…
 * and the public views redirects to /sign-in?next=…; / and /sign-out go to plain /sign-in.
 */
import { Suspense } from 'react';
import { accessRedirect } from '../../../machines/router/accessRule';
import { parseLocation } from '../../../machines/router/parseLocation';
import { CORE_VIEWS } from '../../../machines/router/views';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { useTokenValid } from '../hooks/useTokenValid';
import { useT } from '../i18n/useT';
import { DocsPage } from '../docs/DocsPage';
import { ConfirmEmailPage } from '../pages/ConfirmEmailPage';
import { ForgotPasswordPage } from '../pages/ForgotPasswordPage';
import { RegisterPage } from '../pages/RegisterPage';
import { ColumnLayout } from '../layout/ColumnLayout';
import { SetPassPage } from '../pages/SetPassPage';
import { SignInPage } from '../pages/SignInPage';
import { SignOutPage } from '../pages/SignOutPage';
import { safeNext } from '../platform/safeNext';
import { lazyScreen } from '../shell/lazyScreen';

// Developer screens load on demand, so they cost users nothing.
const DebugPage = lazyScreen(() => import('../debug/DebugPage').then((m) => m.DebugPage));
// What's new shows rich text, so it brings the HTML cleaner: loaded when opened.
const WhatsNewPage = lazyScreen(() => import('../pages/WhatsNewPage').then((m) => m.WhatsNewPage));

function Loading() {
  const t = useT();
  return (
    <p role="status" className="p-8 text-center text-muted">
      {t('app.loading')}
    </p>
  );
}

/** The page for the current path. */
export function AppRoutes() {
  const [path] = useLocation();
  const search = useSearch();
  const { valid, settled } = useTokenValid();
  if (!settled) return <Loading />;
  // The router machine's rule (machines/router), so the column layout and this shell agree.
  const redirect = accessRedirect(parseLocation(path, search, CORE_VIEWS), valid, CORE_VIEWS);
  if (redirect) return <Redirect to={redirect} replace />;
  if (valid && (path === '/sign-in' || path === '/register')) return <Redirect to={safeNext(search)} replace />;
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        <Route path="/home">
          <Redirect to="/" replace />
        </Route>
        <Route path="/sign-in" component={SignInPage} />
        <Route path="/sign-out" component={SignOutPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/set-pass" component={SetPassPage} />
        <Route path="/confirm-email" component={ConfirmEmailPage} />
        <Route path="/debug" component={DebugPage} />
        <Route path="/whats-new" component={WhatsNewPage} />
        <Route path="/docs" component={DocsPage} />
        <Route path="/docs/:key" component={DocsPage} />
        {/* Everything else is views and item cells in columns, parsed by the router actor. */}
        <Route component={ColumnLayout} />
      </Switch>
    </Suspense>
  );
}
