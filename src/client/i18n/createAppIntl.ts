/** The app's IntlShape: English bundled, server overrides on top (spec 000 §1, §5). */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { en } from './en';

const cache = createIntlCache();

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
      messages: { ...en, ...overrides },
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
  for (const [key, message] of Object.entries(changed)) {
    if (message !== null) messages[key] = message;
    else if (Object.hasOwn(en, key)) messages[key] = en[key as keyof typeof en];
    else delete messages[key];
  }
  return createIntl({ locale: intl.locale, defaultLocale: intl.defaultLocale, messages, onError: intl.onError }, cache);
}
