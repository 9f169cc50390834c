import { parseFreeText } from '../../../src/shared/search';

describe('parseFreeText (spec 000 §5)', () => {
  test('plain words, kept whole with their punctuation', () => {
    expect(parseFreeText('  river  rosa@example.org ')).toEqual({
      words: ['river', 'rosa@example.org'],
      phrases: [],
      raw: [],
      ids: [],
      numbers: [],
    });
  });

  test('quoted text is a phrase, bracketed text a raw query, both among words', () => {
    expect(parseFreeText('elders "spring gathering" [fish & !salmon] lake')).toEqual({
      words: ['elders', 'lake'],
      phrases: ['spring gathering'],
      raw: ['fish & !salmon'],
      ids: [],
      numbers: [],
    });
  });

  test('an unclosed quote or bracket runs to the end; empty ones are dropped', () => {
    expect(parseFreeText('a "open phrase').phrases).toEqual(['open phrase']);
    expect(parseFreeText('[x | y').raw).toEqual(['x | y']);
    expect(parseFreeText('"" []')).toEqual({ words: [], phrases: [], raw: [], ids: [], numbers: [] });
  });

  test('tokens like word-123 are ids, with an optional third part; pure digits are numbers', () => {
    expect(parseFreeText('Contact-12 consultation-3-44 1885 12a')).toEqual({
      words: ['12a'],
      phrases: [],
      raw: [],
      ids: ['Contact-12', 'consultation-3-44'],
      numbers: ['1885'],
    });
  });

  test('tokens without a letter or digit are dropped; letters of any script count', () => {
    expect(parseFreeText('&& -- ᐊᓄᓯ Łutsël')).toMatchObject({ words: ['ᐊᓄᓯ', 'Łutsël'] });
  });
});
