import { localeOf } from '../../src/client/i18n/localeOf';
import { loadOverrides, takeEarlyOverrides } from '../../src/client/i18n/loadOverrides';
import { createAppIntl } from '../../src/client/i18n/createAppIntl';
import { documentCookies } from '../../src/client/platform/browserStorage';
import { socketUrl } from '../../src/client/platform/socketUrl';
import { readSiteConfig } from '../../src/client/platform/readSiteConfig';
import { safeNext } from '../../src/client/platform/safeNext';

const answer = (status: number, body: unknown) =>
  jest.fn(async () => ({ ok: status < 300, status, json: async () => body }) as unknown as Response);

describe('browser platform helpers', () => {
  it('takes the locale from the route, English by default', () => {
    const at = (pathname: string, search = '') => localeOf({ pathname, search });
    expect(at('/')).toBe('en');
    expect(at('/', '?lang=fr')).toBe('fr');
    expect(at('/search', '?lang=fr-CA&c0=x')).toBe('fr-CA');
    expect(at('/', '?lang=../../etc')).toBe('en');
    // A leading locale segment is the route's locale too, and wins over ?lang.
    expect(at('/fr/i-Contact-1')).toBe('fr');
    expect(at('/fr-CA', '?lang=de')).toBe('fr-CA');
    expect(at('/search/fr')).toBe('en');
  });

  it('returns to a path on this site only', () => {
    expect(safeNext('?next=%2Fi-Contact-3%3Fc0%3Dx')).toBe('/i-Contact-3?c0=x');
    expect(safeNext('?next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(safeNext('?next=%2F%2Fevil.example')).toBe('/');
    expect(safeNext('?next=%2Fsign-in')).toBe('/');
    expect(safeNext('')).toBe('/');
  });

  it('opens the socket on the page host, secure when the page is', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, '/ws')).toBe('ws://127.0.0.1:8080/ws');
    expect(socketUrl({ protocol: 'https:', host: 'kk.example.org' }, '/ws')).toBe('wss://kk.example.org/ws');
  });

  it('writes the token cookie for the whole site, SameSite=Lax, Secure over https, expiring when told', () => {
    const written: string[] = [];
    const doc = {
      get cookie() {
        return 'theme=dark; vgn-token=tok%20en';
      },
      set cookie(value: string) {
        written.push(value);
      },
    } as unknown as Document;
    const http = documentCookies(doc, { protocol: 'http:' });
    expect(http.get('vgn-token')).toBe('tok en');
    http.set('vgn-token', 'tok en', '2030-02-01T00:00:00Z');
    http.set('vgn-token', 'tok', null);
    http.remove('vgn-token');
    documentCookies(doc, { protocol: 'https:' }).set('vgn-token', 'tok', null);
    expect(written).toEqual([
      'vgn-token=tok%20en; Path=/; SameSite=Lax; Expires=Fri, 01 Feb 2030 00:00:00 GMT',
      'vgn-token=tok; Path=/; SameSite=Lax',
      'vgn-token=; Max-Age=0; Path=/; SameSite=Lax',
      'vgn-token=tok; Path=/; SameSite=Lax; Secure',
    ]);
  });

  it('merges the server overrides over the bundled English and keeps going without them', async () => {
    const fetched = answer(200, { 'app.signIn.title': 'Welcome back', bad: 3 });
    const overrides = await loadOverrides('en', fetched);
    expect(fetched).toHaveBeenCalledWith('/locale-overrides/en', expect.anything());
    expect(overrides).toEqual({ 'app.signIn.title': 'Welcome back' });
    const intl = createAppIntl('en', overrides);
    expect(intl.formatMessage({ id: 'app.signIn.title' })).toBe('Welcome back');
    expect(intl.formatMessage({ id: 'app.signIn.submit' })).toBe('Sign in');
    expect(await loadOverrides('en', answer(500, {}))).toEqual({});
    expect(
      await loadOverrides(
        'en',
        jest.fn(async () => Promise.reject(new Error('offline'))),
      ),
    ).toEqual({});
  });

  it('takes the overrides the page asked for early, once and only for the same locale', async () => {
    const early = answer(200, { 'app.signIn.title': 'Tawnshi' })();
    const win: Pick<Window, '__kkOverrides'> = { __kkOverrides: { lang: 'en', response: early } };
    expect(takeEarlyOverrides(win, 'fr')).toBeNull();
    const taken = takeEarlyOverrides(win, 'en');
    expect(taken).toBe(early);
    expect(takeEarlyOverrides(win, 'en')).toBeNull();
    const fetched = answer(200, {});
    expect(await loadOverrides('en', fetched, taken)).toEqual({ 'app.signIn.title': 'Tawnshi' });
    expect(fetched).not.toHaveBeenCalled();
    // An early request that failed is as good as no overrides.
    expect(await loadOverrides('en', fetched, Promise.resolve(null))).toEqual({});
  });

  it('formats ICU plurals and shows an unknown key as itself', () => {
    const log = jest.fn();
    const intl = createAppIntl('en', {}, log);
    expect(intl.formatMessage({ id: 'app.networkRetry.waiting' }, { n: 1 })).toBe('Reconnecting in 1 second');
    expect(intl.formatMessage({ id: 'app.networkRetry.waiting' }, { n: 12 })).toBe('Reconnecting in 12 seconds');
    expect(intl.formatMessage({ id: 'errors.somethingNew' })).toBe('errors.somethingNew');
    expect(log).toHaveBeenCalled();
  });

  it('reads the embedded site config, and nothing from a page without one', () => {
    document.body.innerHTML =
      '<script id="kk-site-config" type="application/json">{"siteName":"Treaty 8 Keeper","version":"2.0.0"}</script>';
    expect(readSiteConfig(document)).toMatchObject({ siteName: 'Treaty 8 Keeper' });
    document.body.innerHTML = '<script id="kk-site-config" type="application/json">{not json</script>';
    expect(readSiteConfig(document)).toBeNull();
    document.body.innerHTML = '';
    expect(readSiteConfig(document)).toBeNull();
  });
});
