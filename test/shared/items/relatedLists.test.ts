import { itemTypes } from '../../../src/shared/itemTypes';
import { companionsOf, relatedListsOf } from '../../../src/shared/items/relatedLists';
import type { ItemTypeDef } from '../../../src/shared/items/types';

// The core's and the organisations module's lists (other modules add their own).
const keysOf = (typeName: string): string[] =>
  relatedListsOf(typeName, itemTypes.all())
    .filter((l) => ['Contact', 'CommLog', 'Meeting', 'User'].includes(l.type))
    .map((l) => l.key);

test('an organisation lists its people, communication logs and meetings, owned or taking part', () => {
  expect(keysOf('Organization')).toEqual(['Contact._related', 'CommLog.owner', 'Meeting.owner', 'Meeting.otherOrgs']);
});

test('a contact lists the logs and meetings it takes part in; its user account has its own panel', () => {
  expect(keysOf('Contact')).toEqual(['CommLog.contacts', 'Meeting.otherContacts']);
});

test('server-kept relations, bookkeeping types and opted-out relations make no list', () => {
  const types: ItemTypeDef[] = [
    { name: 'Thing', defaultIcon: 'item', defaultAccess: 'PUBLIC', properties: {}, label: () => '' },
    {
      name: 'Note',
      defaultIcon: 'item',
      defaultAccess: 'PUBLIC',
      label: () => '',
      properties: {
        about: { kind: 'REL', relTypes: ['Thing'], related: { t: 'custom.heading' } },
        kept: { kind: 'REL', relTypes: ['Thing'], readOnly: true },
        hidden: { kind: 'REL', relTypes: ['Thing'], related: false },
        anything: { kind: 'REL' },
        others: { kind: 'REL', relTypes: ['Thing'], multiple: true },
      },
    },
    {
      name: 'Value',
      defaultIcon: 'item',
      defaultAccess: 'PUBLIC',
      label: () => '',
      excludeGeneralSearch: true,
      properties: { owner: { kind: 'REL', relTypes: ['Thing'] } },
    },
  ];
  expect(relatedListsOf('Thing', types)).toEqual([
    { key: 'Note.about', type: 'Note', prop: 'about', multiple: false, heading: 'custom.heading' },
    { key: 'Note.others', type: 'Note', prop: 'others', multiple: true, heading: 'types.Note.related.others' },
  ]);
});

test("a log of a contact's is also given the contact's organisation when it has exactly one", () => {
  const types = itemTypes.all();
  const logs = { type: 'CommLog', prop: 'contacts' };
  expect(companionsOf(logs, { _related: [{ id: 'Organization-1' }] }, types)).toEqual([['owner', 'Organization-1']]);
  expect(companionsOf(logs, { _related: [{ id: 'Organization-1' }, { id: 'Organization-2' }] }, types)).toEqual([]);
  expect(companionsOf(logs, {}, types)).toEqual([]);
  // Meetings name other contacts with no organisation rule.
  expect(companionsOf({ type: 'Meeting', prop: 'otherContacts' }, { _related: [{ id: 'Organization-1' }] }, types)).toEqual([]);
});
