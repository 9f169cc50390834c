/** The import kind registry (spec 001 §5): uppercase kinds, registered once, naming a type, its key and cells it can read. */
import { EXPORT_ONLY_COLUMNS, importableProperties, importKindTable } from '../../src/shared/imports/importKindTable';
import type { ItemTypeDef } from '../../src/shared/items/types';
import { buildImportKinds } from '../../src/shared/imports/importKinds';
import { modules } from '../../src/modules';
import { importReaderTable } from '../../src/server/imports/importReaders';

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

describe('a kind with a reader (its module reads the files: src/server/imports/ImportReader.ts)', () => {
  const reader = { accept: ['.txt'], into: 'Note', hint: 'imports.hint.NOTE_FILES' };

  test('registers with no key and no columns', () => {
    const table = importKindTable([{ name: 'notes', importKinds: [{ kind: 'NOTE_FILES', type: 'Note', reader }] }], typeOf);
    expect(table.get('NOTE_FILES')).toMatchObject({ owner: 'notes', columns: [], def: { reader } });
  });

  test.each([
    [{ kind: 'NOTE_FILES', type: 'Note', key: 'title', reader }, 'Import kind NOTE_FILES: a kind with a reader has no key or columns'],
    [
      { kind: 'NOTE_FILES', type: 'Note', reader: { ...reader, into: 'Nope' } },
      'Import kind NOTE_FILES of module m imports into the unknown item type Nope',
    ],
    [{ kind: 'NOTES', type: 'Note' }, 'Import kind NOTES: it names no key (nor a reader)'],
  ])('refuses %j at start: %s', (def, message) => {
    expect(() => importKindTable([{ name: 'm', importKinds: [def] }], typeOf)).toThrow(message);
  });

  test('each such kind needs exactly one reader from a module, and a reader needs such a kind', () => {
    const kinds = importKindTable(
      [
        {
          name: 'notes',
          importKinds: [
            { kind: 'NOTE_FILES', type: 'Note', reader },
            { kind: 'NOTES', type: 'Note', key: 'title' },
          ],
        },
      ],
      typeOf,
    );
    const read = { kind: 'NOTE_FILES', read: () => Promise.reject(new Error('not read here')) };
    expect(importReaderTable([{ name: 'notes', importReaders: [read] }], kinds).get('NOTE_FILES')).toBe(read);
    expect(() => importReaderTable([{ name: 'notes' }], kinds)).toThrow(
      'Import kind NOTE_FILES declares a reader its module does not bring',
    );
    expect(() => importReaderTable([{ name: 'notes', importReaders: [read, read] }], kinds)).toThrow(
      'Import kind NOTE_FILES has two readers',
    );
    expect(() => importReaderTable([{ name: 'x', importReaders: [{ ...read, kind: 'NOTES' }] }], kinds)).toThrow(
      'Module x brings a reader of NOTES, which no module declares with a reader',
    );
  });
});
