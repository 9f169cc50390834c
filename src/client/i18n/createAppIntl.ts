/** The app's IntlShape: English bundled, server overrides on top (spec 000 §1, §5). */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { en } from './en';

const cache = createIntlCache();

/** Builds the formatter for `locale`; a missing message shows its key and is logged once, never thrown. */
export function createAppIntl(locale: string, overrides: Record<string, string>, log: (message: string) => void = () => undefined): IntlShape {
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
