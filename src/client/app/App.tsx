/** The React root: messages, error boundary, the session actor, the shell. */
import type { IntlShape } from '@formatjs/intl';
import type { SessionActorRef } from '../../../machines/systemIds';
import { IntlProvider } from '../i18n/IntlContext';
import { SessionProvider } from '../session/SessionContext';
import { ErrorBoundary } from './ErrorBoundary';
import { Shell } from './Shell';

/** The whole app for a running session. */
export function App({ session, intl }: { session: SessionActorRef; intl: IntlShape }) {
  return (
    <IntlProvider intl={intl} session={session}>
      <ErrorBoundary translate={(key) => intl.formatMessage({ id: key })}>
        <SessionProvider session={session}>
          <Shell />
        </SessionProvider>
      </ErrorBoundary>
    </IntlProvider>
  );
}
