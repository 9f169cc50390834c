/** Makes the app's IntlShape available to every component. */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { IntlShape } from '@formatjs/intl';
import { useSelector } from '@xstate/react';
import { selectChangedMessages } from '../../../machines/session/sessionMachine';
import type { SessionActorRef } from '../../../machines/systemIds';
import { useLazyModule } from '../shell/lazyModule';
import { renewed, withMessages, withModuleMessages } from './createAppIntl';
import { fullParser, needsFullParser } from './fullParserModule';
import { loadedModuleMessages, onModuleMessages } from './moduleCatalogue';

const IntlContext = createContext<IntlShape | null>(null);

/**
 * Provides `intl` to the tree. Given the session, the site texts changed since the page loaded (its
 * `messages`: pushed by the server, or saved on this page) replace the loaded ones at once.
 */
export function IntlProvider({ intl, session, children }: { intl: IntlShape; session?: SessionActorRef; children: ReactNode }) {
  // Module screens bring their messages with their chunk (docs/modules.md).
  const loaded = useSyncExternalStore(onModuleMessages, loadedModuleMessages);
  const parser = useLazyModule(fullParser, needsFullParser(loaded));
  const withLoaded = useMemo(() => whenParsed(withModuleMessages(intl, loaded), parser), [intl, loaded, parser]);
  return session ? (
    <LiveIntlProvider intl={withLoaded} session={session}>
      {children}
    </LiveIntlProvider>
  ) : (
    <IntlContext.Provider value={withLoaded}>{children}</IntlContext.Provider>
  );
}

function LiveIntlProvider({ intl, session, children }: { intl: IntlShape; session: SessionActorRef; children: ReactNode }) {
  const changed = useSelector(
    session,
    useMemo(() => selectChangedMessages(intl.locale), [intl.locale]),
  );
  const parser = useLazyModule(fullParser, needsFullParser(changed));
  const value = useMemo(() => whenParsed(withMessages(intl, changed), parser), [intl, changed, parser]);
  return <IntlContext.Provider value={value}>{children}</IntlContext.Provider>;
}

/**
 * A message the browser cannot read without the full ICU parser (a site text or a module screen's
 * message with a plural or select, not compiled at build time) shows as written until the parser has
 * loaded; then the formatter is renewed, so that every component formats it again.
 */
function whenParsed(intl: IntlShape, parser: unknown): IntlShape {
  return parser ? renewed(intl) : intl;
}

/** The formatter; components call `t(key, values)` through `useT`. */
export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl outside IntlProvider');
  return intl;
}
