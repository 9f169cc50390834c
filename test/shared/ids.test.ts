import { isCompleteId, isValidId, parseId, shortId } from '../../src/shared/ids';

describe('item ids', () => {
  test('type-index, with an optional third numeric creation part', () => {
    expect(parseId('Contact-12')).toEqual({ type: 'Contact', index: 12 });
    expect(parseId('Consultation-3-1700000000')).toEqual({ type: 'Consultation', index: 3, context: 1700000000 });
    expect(parseId('Type_2-0')).toEqual({ type: 'Type_2', index: 0 });
    expect(parseId('Contact-1234567890123456')).toEqual({ type: 'Contact', index: 1234567890123456 });
    expect(isValidId('Contact-12')).toBe(true);
  });

  test.each([
    'Contact',
    'Contact-1-2-3',
    '-1',
    'Contact-',
    'Contact-x',
    'Contact-01',
    '1-2',
    'Con tact-1',
    'Contact-1-',
    'Contact-1-01',
    'Contact-12345678901234567',
    'Contact-1\n',
    ' Contact-1',
    '',
    42,
    null,
  ])('%p is refused with "Invalid id"', (id) => {
    expect(() => parseId(id)).toThrow('Invalid id');
    expect(isValidId(id)).toBe(false);
  });

  test('a complete id names a stored item (index above 0)', () => {
    expect(isCompleteId('Contact-1')).toBe(true);
    expect(isCompleteId('Contact-0')).toBe(false);
  });

  test('a longer id is cut to its first two parts for hover highlight', () => {
    expect(shortId('Consultation-3-1700000000')).toBe('Consultation-3');
  });
});
