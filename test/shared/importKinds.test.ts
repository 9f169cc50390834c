/** The import kind registry (spec 001 §5): uppercase kinds, registered once, naming a type, its key and cells it can read. */
import { EXPORT_ONLY_COLUMNS, importableProperties, importKindTable } from '../../src/shared/imports/importKindTable';
import type { ItemTypeDef } from '../../src/shared/items/types';
import { buildImportKinds } from '../../src/shared/imports/importKinds';
import { modules } from '../../src/modules';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());

const Note: ItemTypeDef = {
  name: 'Note',
  defaultIcon: 'list',
  defaultAccess: 'PRIVATE',
  properties: {
    title: { kind: 'textField', required: true },
    count: { kind: 'NUM' },
    seen: { kind: 'DT' },
    about: { kind: 'REL', relTypes: ['Contact'] },
    files: { kind: 'ATT' },
    status: { kind: 'SEL', options: ['A', 'B'], readOnly: true },
    $age: { kind: 'NUM', readOnly: true },
  },
  label: (d) => String(d.title ?? ''),
};
const typeOf = (name: string) => (name === 'Note' ? Note : undefined);

test('a type offers the properties a cell says whole, not relations, files, read-only or derived ones', () => {
  expect(importableProperties(Note)).toEqual(['title', 'count', 'seen']);
  expect(EXPORT_ONLY_COLUMNS).toEqual(['id', 'type', 'label', 'created']);
});

test('registers kinds with their columns and owner', () => {
  const table = importKindTable(
    [{ name: 'notes', importKinds: [{ kind: 'NOTES', type: 'Note', key: 'title' }] }, { name: 'none' }],
    typeOf,
  );
  expect(table.get('NOTES')).toMatchObject({ owner: 'notes', columns: ['title', 'count', 'seen'] });
});

test.each([
  [{ kind: 'Notes', type: 'Note', key: 'title' }, 'Import kind Notes is not uppercase (module m)'],
  [{ kind: 'NOTES', type: 'Nope', key: 'title' }, 'Import kind NOTES of module m names the unknown item type Nope'],
  [{ kind: 'NOTES', type: 'Note', key: 'about' }, 'Import kind NOTES: its key about is not one of its columns'],
  [
    { kind: 'NOTES', type: 'Note', key: 'title', columns: ['title', 'status'] },
    'Import kind NOTES: Note.status cannot be imported from a cell',
  ],
])('refuses %j at start: %s', (def, message) => {
  expect(() => importKindTable([{ name: 'm', importKinds: [def] }], typeOf)).toThrow(message);
});

test('a kind registered twice stops the start, naming both modules', () => {
  const def = { kind: 'NOTES', type: 'Note', key: 'title' };
  expect(() =>
    importKindTable(
      [
        { name: 'a', importKinds: [def] },
        { name: 'b', importKinds: [def] },
      ],
      typeOf,
    ),
  ).toThrow('Import kind NOTES is already registered: by module a, again by module b');
});

test("every registered kind has a label among its module's labels (the journal's JOURNAL_ENTRIES here)", () => {
  const labels: Record<string, string> = Object.assign({}, ...modules.map((m) => m.labels));
  const kinds = [...buildImportKinds().keys()];
  expect(kinds).toContain('JOURNAL_ENTRIES');
  expect(kinds.filter((k) => !labels[`imports.kinds.${k}`])).toEqual([]);
});
