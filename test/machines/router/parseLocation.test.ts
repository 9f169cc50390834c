import { parseLocation } from '../../../machines/router/parseLocation';
import { CORE_VIEWS } from '../../../machines/router/views';

const parse = (path: string, search = '') => parseLocation(path, search, CORE_VIEWS);
const keys = (path: string, search = '') => parse(path, search).cells.map((cell) => cell.key);

describe('parseLocation', () => {
  it('opens v-home for an empty path and for /', () => {
    expect(keys('')).toEqual(['v-home']);
    expect(keys('/')).toEqual(['v-home']);
    expect(keys('/home')).toEqual(['v-home']);
  });

  it('names the first segment a view with a v- prefix unless it starts with i-', () => {
    expect(parse('/search').cells[0]).toMatchObject({ key: 'v-search', kind: 'view', index: 0, parentKey: null });
    expect(parse('/i-Contact-12').cells[0]).toMatchObject({ key: 'i-Contact-12', kind: 'item', itemId: 'Contact-12' });
  });

  it('reads item cells with a context, portal cells and child views after the first segment', () => {
    const { cells } = parse('/notifications/i-Consultation-5-edit/p-map/timeline');
    expect(cells.map((c) => [c.key, c.kind, c.parentKey])).toEqual([
      ['v-notifications', 'view', null],
      ['i-Consultation-5-edit', 'item', 'v-notifications'],
      ['p-map', 'portal', 'i-Consultation-5-edit'],
      ['v-timeline', 'view', 'p-map'],
    ]);
    expect(cells[1]).toMatchObject({ itemId: 'Consultation-5', context: 'edit' });
  });

  it('gives each column its c{index} parameter from the query', () => {
    const { cells } = parse('/search/i-Contact-1', '?c0=river%20camp&c1=2-4');
    expect(cells.map((c) => c.routeParam)).toEqual(['river camp', '2-4']);
  });

  it('carries the locale in ?lang, default en', () => {
    expect(parse('/', '').locale).toBe('en');
    expect(parse('/', 'lang=fr').locale).toBe('fr');
    expect(parse('/', 'lang=<script>').locale).toBe('en');
  });

  it('takes a leading locale segment as the locale, not as a view (spec 000 §2), before ?lang', () => {
    expect(parse('/en/i-Contact-1')).toMatchObject({ locale: 'en', pathLocale: 'en', routePath: '/i-Contact-1', invalidKey: null });
    expect(keys('/en/i-Contact-1')).toEqual(['i-Contact-1']);
    expect(parse('/fr-CA/search/i-Contact-2', 'lang=de&c0=x')).toMatchObject({ locale: 'fr-CA', routePath: '/search/i-Contact-2' });
    expect(keys('/fr-CA/search/i-Contact-2')).toEqual(['v-search', 'i-Contact-2']);
    expect(parse('/fr')).toMatchObject({ locale: 'fr', routePath: '/' });
    expect(keys('/fr/')).toEqual(['v-home']);
    // Only the first segment: a later one names a cell as always.
    expect(parse('/search/fr')).toMatchObject({ locale: 'en', pathLocale: null, invalidKey: 'fr' });
    expect(parse('/search').pathLocale).toBeNull();
  });

  it('shows the not-found view in place of the first segment that is no valid cell, with the address as typed', () => {
    expect(parse('/no-such-view').cells).toEqual([
      { key: 'v-not-found', kind: 'view', index: 0, parentKey: null, segments: ['no-such-view'], arg: '/no-such-view' },
    ]);
    expect(parse('/i-Contact-1-2-3-4', 'c0=x').cells).toEqual([
      expect.objectContaining({ key: 'v-not-found', segments: ['i-Contact-1-2-3-4'], arg: '/i-Contact-1-2-3-4?c0=x' }),
    ]);
    const deeper = parse('/search/nowhere/i-Contact-1');
    expect(deeper.cells.map((c) => [c.key, c.index, c.parentKey, c.segments])).toEqual([
      ['v-search', 0, null, ['search']],
      ['v-not-found', 1, 'v-search', ['nowhere', 'i-Contact-1']],
    ]);
    // The name of the view itself is no address: /not-found is not found like any other.
    expect(parse('/not-found')).toMatchObject({ invalidKey: 'not-found', cells: [expect.objectContaining({ arg: '/not-found' })] });
    // /debug is a view (drawn by its own route), so it is no unknown address.
    expect(parse('/debug')).toMatchObject({ invalidKey: null, cells: [expect.objectContaining({ key: 'v-debug' })] });
  });

  it('stops at the first segment that is no valid cell and names it', () => {
    for (const [path, bad] of [
      ['/node/1234', 'node'],
      ['/i-Contact', 'i-Contact'],
      ['/i-Contact-x', 'i-Contact-x'],
      ['/i-Contact-1-2-3', 'i-Contact-1-2-3'],
      ['/search/no such', 'no such'],
      ['/search/%E0%A4%A', '%E0%A4%A'],
    ] as const) {
      expect(parse(path).invalidKey).toBe(bad);
    }
    expect(keys('/search/nope/i-Contact-1')).toEqual(['v-search', 'v-not-found']);
  });

  it('gives a view with an argument its next segment (/docs/{key})', () => {
    const { cells } = parse('/docs/getting-started');
    expect(cells).toEqual([expect.objectContaining({ key: 'v-docs', arg: 'getting-started', segments: ['docs', 'getting-started'] })]);
  });
});
