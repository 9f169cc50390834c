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
    expect(keys('/search/nope/i-Contact-1')).toEqual(['v-search']);
  });

  it('gives a view with an argument its next segment (/docs/{key})', () => {
    const { cells } = parse('/docs/getting-started');
    expect(cells).toEqual([expect.objectContaining({ key: 'v-docs', arg: 'getting-started', segments: ['docs', 'getting-started'] })]);
  });
});
