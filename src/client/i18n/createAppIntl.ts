/** The app's IntlShape: English bundled, server overrides on top (spec 000 §1, §5). */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { moduleLabels } from '../modules/moduleLabels';
import { en } from './en';
import { loadedModuleMessages } from './moduleCatalogue';

const cache = createIntlCache();

/** Every bundled English message known so far: the core's, every module's labels, and the messages of module screens loaded. */
export const bundledMessages = (): Record<string, string> => ({ ...en, ...moduleLabels, ...loadedModuleMessages() });

/** Builds the formatter for `locale`; a missing message shows its key and is logged once, never thrown. */
export function createAppIntl(
  locale: string,
  overrides: Record<string, string>,
  log: (message: string) => void = () => undefined,
): IntlShape {
  return createIntl(
    {
      locale,
      defaultLocale: 'en',
      messages: { ...bundledMessages(), ...overrides },
      onError: (error) => log(error.message),
    },
    cache,
  );
}

/**
 * `intl` with some messages replaced: a message, or null for the bundled English one (site texts
 * changed since the page loaded, shown at once without a reload).
 */
export function withMessages(intl: IntlShape, changed: Record<string, string | null>): IntlShape {
  if (Object.keys(changed).length === 0) return intl;
  const messages: Record<string, string> = { ...(intl.messages as Record<string, string>) };
  const bundled = bundledMessages();
  for (const [key, message] of Object.entries(changed)) {
    if (message !== null) messages[key] = message;
    else if (Object.hasOwn(bundled, key)) messages[key] = bundled[key] as string;
    else delete messages[key];
  }
  return createIntl({ locale: intl.locale, defaultLocale: intl.defaultLocale, messages, onError: intl.onError }, cache);
}

/**
 * `intl` with the messages of module screens loaded since it was made. A message `intl` has already
 * (a site text override of it) is kept.
 */
export function withModuleMessages(intl: IntlShape, loaded: Readonly<Record<string, string>>): IntlShape {
  const current = intl.messages as Record<string, string>;
  const missing = Object.entries(loaded).filter(([key]) => !Object.hasOwn(current, key));
  if (missing.length === 0) return intl;
  return createIntl(
    {
      locale: intl.locale,
      defaultLocale: intl.defaultLocale,
      messages: { ...current, ...Object.fromEntries(missing) },
      onError: intl.onError,
    },
    cache,
  );
}

/** The same formatter as a new object, so that components format again (the ICU parser arrived). */
export function renewed(intl: IntlShape): IntlShape {
  return createIntl({ locale: intl.locale, defaultLocale: intl.defaultLocale, messages: intl.messages, onError: intl.onError }, cache);
}
