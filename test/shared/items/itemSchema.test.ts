import { validateItemData } from '../../../src/shared/items/itemSchema';
import type { ItemTypeDef } from '../../../src/shared/items/types';
import { itemTypes } from '../../../src/shared/itemTypes';

const Sample: ItemTypeDef = {
  name: 'Sample',
  defaultIcon: 'x',
  defaultAccess: 'PROTECTED',
  label: () => 'sample',
  dateRanges: [['start', 'end']],
  properties: {
    title: { kind: 'textField', required: true, maxLength: 10 },
    code: { kind: 'textField', format: 'lowercase' },
    count: { kind: 'NUM', number: 'NATURAL' },
    ratio: { kind: 'NUM', number: 'FLOAT' },
    whole: { kind: 'NUM', number: 'INTEGER' },
    colour: { kind: 'textField', format: 'hex' },
    owner: { kind: 'REL', relTypes: ['Organization'] },
    tags: { kind: 'list', minItems: 1, maxItems: 2 },
    note: { kind: 'textField', required: 'exceptAdmin' },
    start: { kind: 'DT' },
    end: { kind: 'DT' },
    names: { kind: 'ARR', of: { language: { kind: 'textField', required: true } } },
  },
};

test('each form rule answers its message key', () => {
  const errors = validateItemData(
    Sample,
    {
      title: 'far too long a title',
      code: 'UPPER',
      count: 0,
      ratio: 'x',
      whole: 1.5,
      colour: 'red',
      owner: { id: 'Contact-1' },
      tags: [],
      start: '2024-05-02',
      end: '2024-05-01',
      names: [{}],
    },
    { admin: false },
  );
  expect(errors).toEqual({
    title: 'errors.maxLength',
    code: 'errors.lowercase',
    count: 'errors.number.natural',
    ratio: 'errors.number.float',
    whole: 'errors.number.integer',
    colour: 'errors.invalidHex',
    owner: 'errors.relatedNeedsId',
    tags: 'errors.array.min',
    note: 'errors.required',
    end: 'errors.endBeforeStart',
    names: 'errors.required',
  });
});

test('requiredExceptAdmin exempts administrators; a valid item has no errors', () => {
  const valid = { title: 'Fine', tags: ['a'], owner: { id: 'Organization-2' }, start: '2024-01-01', end: '2024-01-02' };
  expect(validateItemData(Sample, valid, { admin: true })).toEqual({});
  expect(validateItemData(Sample, valid, { admin: false })).toEqual({ note: 'errors.required' });
});

test('unknown properties are refused; server-kept fields are ignored', () => {
  const contact = itemTypes.get('Contact')!;
  expect(validateItemData(contact, { lastName: 'X', $id: 'Contact-1', _u: 3, $labels: {}, shoeSize: 9 }, { admin: false })).toEqual({
    shoeSize: 'errors.unknownProperty',
  });
  expect(validateItemData(contact, { lastName: 'X', $access: 'SECRET' }, { admin: false })).toEqual({ $access: 'errors.invalidValue' });
});

test('names every object inherits are unknown properties, __proto__ included (issue 19, finding 2)', () => {
  const contact = itemTypes.get('Contact')!;
  const body = JSON.parse(
    '{"lastName":"X","constructor":"a","toString":"b","valueOf":"c","hasOwnProperty":"d","__proto__":{"owner":{"id":"Organization-1"}}}',
  ) as Record<string, unknown>;
  const errors = validateItemData(contact, body, { admin: true });
  expect(Object.keys(errors).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf']);
  expect(Object.values(errors).every((m) => m === 'errors.unknownProperty')).toBe(true);
});
