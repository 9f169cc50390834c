import { prefilledIds, prefillOf } from '../../../machines/item/relatedPrefill';
import { itemTypes } from '../../../src/shared/itemTypes';

const meeting = itemTypes.get('Meeting')!;

test('a new item takes the relations its address names, of the types they may point at', () => {
  const draft = prefillOf(meeting, [
    ['owner', 'Organization-1'],
    ['otherContacts', 'Contact-2'],
    ['otherContacts', 'Contact-3'],
    ['otherContacts', 'Contact-2'],
  ]);
  expect(draft).toEqual({ owner: { id: 'Organization-1' }, otherContacts: [{ id: 'Contact-2' }, { id: 'Contact-3' }] });
  expect(prefilledIds(draft)).toEqual(['Organization-1', 'Contact-2', 'Contact-3']);
});

test('anything else in the address is left out: other properties, wrong types, bad or new ids, server-kept relations', () => {
  expect(
    prefillOf(meeting, [
      ['summary', 'Organization-1'],
      ['owner', 'Contact-2'],
      ['owner', 'Organization-0'],
      ['owner', 'Organization-1-2'],
      ['owner', 'nonsense'],
      ['$status', 'Organization-1'],
      ['nope', 'Organization-1'],
    ]),
  ).toEqual({});
  expect(prefillOf(meeting)).toEqual({});
});
