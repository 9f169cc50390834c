import { diffCells } from '../../../machines/router/cellDiff';
import { columnParamsOf, withColumnParams } from '../../../machines/router/columnParams';
import { truncateLocation } from '../../../machines/router/formatLocation';
import { parseLocation } from '../../../machines/router/parseLocation';
import { CORE_VIEWS } from '../../../machines/router/views';

const parse = (path: string, search = '') => parseLocation(path, search, CORE_VIEWS);

describe('column sub-parameters c{N}.{name}', () => {
  it('belong to their column, in order, repeated names kept', () => {
    const parsed = parse('/search/i-Contact-1', 'c0=lake&c0.ft-state=A&c0.ft-state=B&c1.x=1&c0.sort=-created&lang=fr');
    expect(parsed.cells[0]).toMatchObject({
      routeParam: 'lake',
      columnParams: [
        ['ft-state', 'A'],
        ['ft-state', 'B'],
        ['sort', '-created'],
      ],
    });
    expect(parsed.cells[1]?.columnParams).toEqual([['x', '1']]);
    expect(parse('/search', 'c0=lake').cells[0]?.columnParams).toBeUndefined();
    expect(columnParamsOf(parsed.query, 1)).toEqual([['x', '1']]);
  });

  it('are replaced as a whole, the column text and other parameters kept', () => {
    const parsed = parse('/search', 'c0=lake&c0.sort=name&lang=fr');
    expect(withColumnParams(parsed, 0, [['_', 'Contact']])).toBe('/search?c0=lake&lang=fr&c0._=Contact');
    expect(withColumnParams(parsed, 0, [])).toBe('/search?c0=lake&lang=fr');
  });

  it('go when their column closes', () => {
    const parsed = parse('/search/i-Contact-1', 'c0=lake&c0.sort=name&c1.x=1');
    expect(truncateLocation(parsed, 1)).toBe('/search?c0=lake&c0.sort=name');
  });

  it('a change of them alone re-parameters the column (its actor stays)', () => {
    const before = parse('/search', 'c0=lake').cells;
    const after = parse('/search', 'c0=lake&c0.display=table').cells;
    expect(diffCells(before, after)).toMatchObject({ removed: [], added: [], reparamed: [{ key: 'v-search' }] });
    expect(diffCells(after, parse('/search', 'c0=lake&c0.display=table').cells).reparamed).toEqual([]);
  });
});
