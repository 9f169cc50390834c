/** Free text as spec 000 §5 reads it. */
export interface FreeText {
  /** Plain words, matched as prefixes. */
  words: string[];
  /** "Quoted text": the words in that order. */
  phrases: string[];
  /** [Bracketed text]: a raw text-search query (`&`, `|`, `!`, `<->`, `:*`). */
  raw: string[];
  /** Tokens shaped like item ids (`Contact-12`, `word-123`). */
  ids: string[];
  /** Pure digits: a type index, or a number in the item. */
  numbers: string[];
}

const ID_TOKEN = /^[A-Za-z][A-Za-z0-9_]*-\d{1,15}(-\d{1,15})?$/;
const DIGITS = /^\d{1,15}$/;

/**
 * Parses search text: a quoted part is a phrase, a bracketed part a raw query (an unclosed quote or
 * bracket runs to the end), tokens like `word-123` are ids, pure digits are numbers, the rest words.
 * Words keep their punctuation (e-mail addresses stay whole); tokens without a letter or digit are dropped.
 */
export function parseFreeText(text: string): FreeText {
  const out: FreeText = { words: [], phrases: [], raw: [], ids: [], numbers: [] };
  let rest = text.normalize('NFC');
  while (rest.length > 0) {
    const m = /["[]/.exec(rest);
    const plain = m ? rest.slice(0, m.index) : rest;
    for (const token of plain.split(/\s+/)) addToken(out, token);
    if (!m) break;
    const close = m[0] === '"' ? '"' : ']';
    const end = rest.indexOf(close, m.index + 1);
    const inner = (end < 0 ? rest.slice(m.index + 1) : rest.slice(m.index + 1, end)).trim();
    if (inner) (m[0] === '"' ? out.phrases : out.raw).push(inner);
    rest = end < 0 ? '' : rest.slice(end + 1);
  }
  return out;
}

function addToken(out: FreeText, token: string): void {
  if (!/[\p{L}\p{N}]/u.test(token)) return;
  if (ID_TOKEN.test(token)) out.ids.push(token);
  else if (DIGITS.test(token)) out.numbers.push(token);
  else out.words.push(token);
}

/** Whether free text is long enough to search (spec 000 §5: under 3 characters keeps typing). */
export const isSearchableText = (text: string, minText: number): boolean => text.trim().length >= minText;
