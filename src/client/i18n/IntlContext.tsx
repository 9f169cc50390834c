/** Makes the app's IntlShape available to every component. */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { IntlShape } from '@formatjs/intl';
import { withMessages } from './createAppIntl';

const IntlContext = createContext<IntlShape | null>(null);

/** Replaces one message of the running app (null: the bundled one). */
export type SetMessage = (key: string, message: string | null) => void;
const SetMessageContext = createContext<SetMessage>(() => undefined);

/** Provides `intl` to the tree, with the messages changed since the page loaded. */
export function IntlProvider({ intl, children }: { intl: IntlShape; children: ReactNode }) {
  const [changed, setChanged] = useState<Record<string, string | null>>({});
  const value = useMemo(() => withMessages(intl, changed), [intl, changed]);
  const setMessage = useCallback<SetMessage>((key, message) => setChanged((c) => ({ ...c, [key]: message })), []);
  return (
    <SetMessageContext.Provider value={setMessage}>
      <IntlContext.Provider value={value}>{children}</IntlContext.Provider>
    </SetMessageContext.Provider>
  );
}

/** Changes a message of this page at once (the site texts screen after a save); other pages get it on their next load. */
export function useSetMessage(): SetMessage {
  return useContext(SetMessageContext);
}

/** The formatter; components call `t(key, values)` through `useT`. */
export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl outside IntlProvider');
  return intl;
}
