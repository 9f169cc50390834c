import { diffCells } from '../../../machines/router/cellDiff';
import { parseLocation } from '../../../machines/router/parseLocation';
import { CORE_VIEWS } from '../../../machines/router/views';

const cells = (path: string, search = '') => parseLocation(path, search, CORE_VIEWS).cells;
const keys = (list: { key: string }[]) => list.map((c) => c.key);

describe('diffCells', () => {
  it('keeps columns whose key stays at the same position, and sees changed parameters', () => {
    const diff = diffCells(cells('/search/i-Contact-1/timeline', 'c0=a'), cells('/search/i-Contact-2', 'c0=b'));
    expect(keys(diff.removed)).toEqual(['i-Contact-1', 'v-timeline']);
    expect(keys(diff.added)).toEqual(['i-Contact-2']);
    expect(diff.reparamed).toEqual([expect.objectContaining({ key: 'v-search', routeParam: 'b' })]);
  });
});
