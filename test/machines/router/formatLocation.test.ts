import {
  formatLocation,
  fullPath,
  openAfter,
  truncateLocation,
  withQueryLocale,
  withRouteParam,
} from '../../../machines/router/formatLocation';
import { parseLocation } from '../../../machines/router/parseLocation';
import { CORE_VIEWS } from '../../../machines/router/views';

const parse = (path: string, search = '') => parseLocation(path, search, CORE_VIEWS);

describe('formatLocation', () => {
  it('shows the home view as /', () => {
    expect(formatLocation(parse('/home').cells, [])).toBe('/');
    expect(formatLocation(parse('').cells, [['lang', 'fr']])).toBe('/?lang=fr');
  });

  it('writes back what parseLocation read', () => {
    const parsed = parse('/search/i-Contact-1/timeline', 'c0=river+camp&c1=2-4');
    expect(formatLocation(parsed.cells, parsed.query)).toBe('/search/i-Contact-1/timeline?c0=river+camp&c1=2-4');
    const docs = parse('/docs/getting-started');
    expect(formatLocation(docs.cells, docs.query)).toBe('/docs/getting-started');
  });

  it("moves a path's locale segment into ?lang, the default one out of the address", () => {
    expect(withQueryLocale(parse('/fr/search/i-Contact-1', 'c0=x'))).toBe('/search/i-Contact-1?c0=x&lang=fr');
    expect(withQueryLocale(parse('/en/i-Contact-1', 'lang=fr'))).toBe('/i-Contact-1');
    expect(withQueryLocale(parse('/de'))).toBe('/?lang=de');
  });

  it('truncates to the first columns with only their column parameters', () => {
    const parsed = parse('/search/i-Contact-1/timeline', 'c0=x&c1=y&ci-1=z&c2=w&lang=fr');
    expect(truncateLocation(parsed, 1)).toBe('/search?c0=x&lang=fr');
    expect(truncateLocation(parsed, 2)).toBe('/search/i-Contact-1?c0=x&c1=y&ci-1=z&lang=fr');
  });

  it('opens a cell after a column, dropping the deeper ones', () => {
    const parsed = parse('/search/i-Contact-1/timeline', 'c0=x&c2=w');
    expect(openAfter(parsed, 0, 'i-Contact-9')).toBe('/search/i-Contact-9?c0=x');
  });

  it('sets and removes a column parameter', () => {
    const parsed = parse('/i-Consultation-4', 'c0=1');
    expect(withRouteParam(parsed, 0, '2-4')).toBe('/i-Consultation-4?c0=2-4');
    expect(withRouteParam(parsed, 0, null)).toBe('/i-Consultation-4');
  });

  it('gives the full path with its query', () => {
    expect(fullPath(parse('/search', 'c0=a b'))).toBe('/search?c0=a+b');
    expect(fullPath(parse('/search'))).toBe('/search');
  });
});
