import { isItem } from '../../../src/shared/items/isItem';

describe('isItem', () => {
  test('an answer with a string $id and a numeric _u is an item', () => {
    expect(isItem({ $id: 'Contact-3', _u: 1, _t: 'Contact' })).toBe(true);
  });

  test.each([
    ['null', null],
    ['a string', 'Contact-3'],
    ['an object without $id', { _u: 1 }],
    ['an object without _u', { $id: 'Contact-3' }],
    ['a numeric $id', { $id: 3, _u: 1 }],
    ['a string _u', { $id: 'Contact-3', _u: '1' }],
  ])('%s is not an item', (_, value) => {
    expect(isItem(value)).toBe(false);
  });
});
