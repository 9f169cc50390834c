/**
 * Browser entry: waits for the site config, turns away browsers without Promise.withResolvers,
 * loads the message overrides, starts the session (with the inspector under ?inspect) and renders.
 */
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startApp, type StartOptions } from './app/startApp';
import { createAppIntl } from './i18n/createAppIntl';
import { parserFor } from './i18n/fullParserModule';
import { IntlProvider } from './i18n/IntlContext';
import { loadOverrides, takeEarlyOverrides } from './i18n/loadOverrides';
import { localeOf } from './i18n/localeOf';
import { isPlatformSupported } from './platform/isPlatformSupported';
import { readSiteConfig } from './platform/readSiteConfig';
import { UnsupportedPage } from './pages/UnsupportedPage';
import { preloadWhenIdle } from './shell/lazyModule';
import { radix } from './shell/radixModule';

async function main(): Promise<void> {
  const container = document.getElementById('root');
  const siteConfig = readSiteConfig(document);
  if (!container || !siteConfig) {
    console.error('[kk] the page carries no site config; nothing to start');
    return;
  }
  const locale = localeOf(window.location);
  const root = createRoot(container);
  if (!isPlatformSupported()) {
    root.render(
      <IntlProvider intl={createAppIntl(locale, {})}>
        <UnsupportedPage siteName={siteConfig.siteName} />
      </IntlProvider>,
    );
    return;
  }
  const options: StartOptions = { siteConfig };
  if (new URLSearchParams(window.location.search).has('inspect')) {
    // The inspector is a separate chunk: only developers who ask for it download it. It must be
    // attached before the session starts, or it misses the start-up.
    const { createBrowserInspector } = await import('@statelyai/inspect');
    options.inspect = createBrowserInspector().inspect;
  }
  // The socket authenticates while the message overrides load: the two round trips overlap.
  const session = startApp(window, options);
  const overrides = await loadOverrides(locale, fetch, takeEarlyOverrides(window, locale));
  // A site text with a plural or a select loads the ICU parser first (the bundled ones are compiled).
  await parserFor(overrides);
  const intl = createAppIntl(locale, overrides, (message) => console.warn(`[kk] ${message}`));
  root.render(<App session={session} intl={intl} />);
  // Menus and dialogs (Radix) are not in the first download; they arrive once the first render is done.
  preloadWhenIdle(radix);
}

void main();
