/** Makes the app's IntlShape available to every component. */
import { createContext, useContext, type ReactNode } from 'react';
import type { IntlShape } from '@formatjs/intl';

const IntlContext = createContext<IntlShape | null>(null);

/** Provides `intl` to the tree. */
export function IntlProvider({ intl, children }: { intl: IntlShape; children: ReactNode }) {
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

/** The formatter; components call `t(key, values)` through `useT`. */
export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl outside IntlProvider');
  return intl;
}
