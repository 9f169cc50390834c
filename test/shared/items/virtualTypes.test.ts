/** Virtual types made from a declaration (src/shared/items/virtualTypes.ts): what they show, and the declarations that stop the start. */
import { ItemTypeRegistry } from '../../../src/shared/items/registry';
import { AttachmentType } from '../../../src/shared/items/platformTypes/Attachment';
import type { ItemTypeDef } from '../../../src/shared/items/types';
import { storedIdOf, virtualTypeDef, type VirtualTypeDecl } from '../../../src/shared/items/virtualTypes';
import { JournalEntryType } from '../../support/exampleModule/model';

const types = new Map<string, ItemTypeDef>([AttachmentType, JournalEntryType].map((t) => [t.name, t]));
const typeOf = (name: string) => types.get(name);
const decl: VirtualTypeDecl = {
  name: 'journalAttachment',
  over: 'Attachment',
  parent: 'entry',
  parentTypes: ['JournalEntry'],
  parentProperties: ['title', 'date', 'state'],
};

describe('virtualTypeDef', () => {
  const def = virtualTypeDef(decl, typeOf);

  it("shows the file's properties, its extension, the parent and the parent's properties, all read-only", () => {
    expect(Object.keys(def.properties)).toEqual([
      'originalName',
      'size',
      'kind',
      'filetype',
      'extension',
      'entry',
      'title',
      'date',
      'state',
    ]);
    expect(Object.values(def.properties).every((p) => p.readOnly === true && !p.required)).toBe(true);
    expect(def.properties.entry).toMatchObject({ kind: 'REL', relTypes: ['JournalEntry'] });
    expect(def.properties.size!.facet).toEqual(AttachmentType.properties.size!.facet);
    expect(def.properties.date).toMatchObject({ kind: 'DT', sortable: true, facet: { kind: 'dateRanges' } });
    expect(def.properties.state!.options).toEqual(JournalEntryType.properties.state!.options);
  });

  it('is left out of general search, labelled by its file name and tabled with the parent beside the file', () => {
    expect(def).toMatchObject({ excludeGeneralSearch: true, virtual: { over: 'Attachment', parent: 'entry' } });
    expect(def.label({ originalName: ' map.pdf ' })).toBe('map.pdf');
    expect(def.defaultHeaders).toEqual(['originalName', 'kind', 'size', 'title', 'date', 'state']);
  });

  it('stops the start, naming the declaration, for a missing type or property or a name taken twice', () => {
    expect(() => virtualTypeDef({ ...decl, parentTypes: ['Nothing'] }, typeOf)).toThrow(
      'Virtual type journalAttachment: no parent type Nothing',
    );
    expect(() => virtualTypeDef({ ...decl, parentTypes: [] }, typeOf)).toThrow('no parent types');
    expect(() => virtualTypeDef({ ...decl, parentProperties: ['colour'] }, typeOf)).toThrow('no parent type has colour');
    expect(() => virtualTypeDef({ ...decl, parentProperties: ['$daysAgo'] }, typeOf)).toThrow('$daysAgo is not a stored property');
    expect(() => virtualTypeDef({ ...decl, parent: 'size' }, typeOf)).toThrow('size is named twice');
  });

  it('is registered after the real types, and a name already taken stops the registry', () => {
    const registry = new ItemTypeRegistry([AttachmentType, JournalEntryType], [decl]);
    expect(registry.get('journalAttachment')?.virtual?.parentTypes).toEqual(['JournalEntry']);
    expect(() => new ItemTypeRegistry([AttachmentType, JournalEntryType], [{ ...decl, name: 'JournalEntry' }])).toThrow(
      'Item type JournalEntry is already registered',
    );
  });
});

describe('storedIdOf', () => {
  it('answers the stored item a virtual id shows, and any other id as it is', () => {
    const lookup = (name: string) => (name === 'journalAttachment' ? virtualTypeDef(decl, typeOf) : typeOf(name));
    expect(storedIdOf('journalAttachment-12', lookup)).toBe('Attachment-12');
    expect(storedIdOf('JournalEntry-3', lookup)).toBe('JournalEntry-3');
    expect(storedIdOf('nothing', lookup)).toBe('nothing');
  });
});
