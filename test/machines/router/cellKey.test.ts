import { parseCellKey, viewKey } from '../../../machines/router/cellKey';

const known = (key: string) => ['v-home', 'v-timeline'].includes(key);

describe('parseCellKey', () => {
  it('reads i-{Type}-{index}[-{context}]', () => {
    expect(parseCellKey('i-Contact-3', true, known)).toEqual({ key: 'i-Contact-3', kind: 'item', itemId: 'Contact-3' });
    expect(parseCellKey('i-Contact-3-17', false, known)).toEqual({
      key: 'i-Contact-3-17',
      kind: 'item',
      itemId: 'Contact-3',
      context: '17',
    });
  });

  it('refuses item keys that break the id rules', () => {
    for (const bad of ['i-', 'i-Contact', 'i-3-Contact', 'i-Contact-01', 'i-Contact-3-4-5', 'i-Con tact-3'])
      expect(parseCellKey(bad, false, known)).toBeNull();
  });

  it('reads p- portal cells after the first segment only', () => {
    expect(parseCellKey('p-map', false, known)).toEqual({ key: 'p-map', kind: 'portal' });
    expect(parseCellKey('p-map', true, known)).toBeNull();
    expect(parseCellKey('p-', false, known)).toBeNull();
  });

  it('names registered views only', () => {
    expect(viewKey('home')).toBe('v-home');
    expect(parseCellKey('timeline', false, known)).toEqual({ key: 'v-timeline', kind: 'view' });
    expect(parseCellKey('elsewhere', true, known)).toBeNull();
  });
});
