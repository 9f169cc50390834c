import { READER_CONTACT, withReaderContact } from '../../../src/shared/search/readerContact';

describe("the reader's person record in a search value", () => {
  it('is replaced by the reader’s contact, alone or in a list, and leaves other values as they are', () => {
    expect(withReaderContact(READER_CONTACT, 'Contact-7')).toBe('Contact-7');
    expect(withReaderContact(['Contact-2', READER_CONTACT], 'Contact-7')).toEqual(['Contact-2', 'Contact-7']);
    expect(withReaderContact('Contact-2', 'Contact-7')).toBe('Contact-2');
    expect(withReaderContact({ from: null, to: '2026-01-01' }, 'Contact-7')).toEqual({ from: null, to: '2026-01-01' });
  });

  it('matches nothing for a reader without a person record, unless the list names others', () => {
    expect(withReaderContact(READER_CONTACT, null)).toBeNull();
    expect(withReaderContact([READER_CONTACT], undefined)).toBeNull();
    expect(withReaderContact(['Contact-2', READER_CONTACT], null)).toEqual(['Contact-2']);
  });
});
