/** A type's name as a label on its own (a table cell, a card, a facet), capitalised like every other label. */
import { useCallback } from 'react';
import { useIntl } from '../../i18n/IntlContext';
import { useT } from '../../i18n/useT';

/** The catalogue keeps type names lower case for sentences ("New user"); standing alone they start with a capital. */
export const capitalised = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** `Contact` -> "Contact", `LOVValue` -> "List value": the type's message, capitalised; an unknown type as its name. */
export function useTypeLabel(): (typeName: string) => string {
  const intl = useIntl();
  const t = useT();
  // The same function while the locale is: lists of 100,000 features work out their labels once with it.
  return useCallback((typeName) => (`types.${typeName}` in intl.messages ? capitalised(t(`types.${typeName}`)) : typeName), [intl, t]);
}
