/** `t(key, values)`: a message of the catalogue, formatted for the current locale. */
import { useCallback } from 'react';
import { useIntl } from './IntlContext';

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;
export type Translate = (key: string, values?: MessageValues) => string;

/** The translate function of the current locale. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((key: string, values?: MessageValues) => intl.formatMessage({ id: key }, values), [intl]);
}
