/**
 * Rich text (the sanitized HTML of an HTM property: src/shared/items/sanitizeRichText.ts) read into
 * the blocks and runs a document renderer lays out: paragraphs, headings, list items and quotes, each
 * a list of styled runs. Tags outside the allow-list are read for their text alone.
 */
import { Parser } from 'htmlparser2';

/** A piece of text in one style; `break` is a line break inside its block (`<br>`). */
export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** The target of a link (http, https or mailto). */
  link?: string;
  break?: boolean;
}

/** A block of a document, in reading order. */
export type Block =
  | { kind: 'paragraph'; runs: TextRun[] }
  | { kind: 'heading'; level: 1 | 2 | 3; runs: TextRun[] }
  | { kind: 'quote'; runs: TextRun[] }
  /** One item of a list: `depth` 0 for the outermost; `number` its place in an ordered list (else a bullet). */
  | { kind: 'listItem'; depth: number; number?: number; runs: TextRun[] };

type Style = Omit<TextRun, 'text' | 'break'>;

const HEADINGS: Record<string, 1 | 2 | 3> = { h1: 1, h2: 1, h3: 2, h4: 3, h5: 3, h6: 3 };
const STYLES: Record<string, Style> = {
  strong: { bold: true },
  b: { bold: true },
  em: { italic: true },
  i: { italic: true },
  u: { underline: true },
  s: { strike: true },
  strike: { strike: true },
};

/** Reads rich text into blocks; runs of white space become one space, as a browser shows them. */
export function richTextBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const styles: Style[] = [];
  const lists: { ordered: boolean; count: number }[] = [];
  let current: Block | null = null;
  let quote = 0;
  // A block element opened inside a list item continues the item (its runs join it).

  const style = (): Style => Object.assign({}, ...styles) as Style;
  const close = () => {
    if (current) {
      trimRuns(current.runs);
      if (current.runs.length > 0 || current.kind === 'listItem') blocks.push(current);
    }
    current = null;
  };
  const open = (block: Block) => {
    close();
    current = block;
  };
  const target = (): Block => {
    if (!current) current = quote > 0 ? { kind: 'quote', runs: [] } : { kind: 'paragraph', runs: [] };
    return current;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name in HEADINGS) open({ kind: 'heading', level: HEADINGS[name]!, runs: [] });
        else if (name === 'p' || name === 'div') {
          if (current?.kind !== 'listItem' || current.runs.length > 0)
            open(quote > 0 ? { kind: 'quote', runs: [] } : { kind: 'paragraph', runs: [] });
        } else if (name === 'blockquote') {
          close();
          quote++;
        } else if (name === 'ul' || name === 'ol') {
          close();
          lists.push({ ordered: name === 'ol', count: 0 });
        } else if (name === 'li') {
          const list = lists.at(-1) ?? { ordered: false, count: 0 };
          list.count++;
          open({ kind: 'listItem', depth: Math.max(0, lists.length - 1), ...(list.ordered ? { number: list.count } : {}), runs: [] });
        } else if (name === 'br') target().runs.push({ text: '', break: true });
        else if (name === 'a') styles.push({ link: attrs.href && /^(https?:|mailto:)/i.test(attrs.href) ? attrs.href : undefined });
        else styles.push(STYLES[name] ?? {});
      },
      onclosetag(name) {
        if (name in HEADINGS || name === 'p' || name === 'div' || name === 'li') close();
        else if (name === 'blockquote') {
          close();
          quote = Math.max(0, quote - 1);
        } else if (name === 'ul' || name === 'ol') {
          close();
          lists.pop();
        } else if (name !== 'br') styles.pop();
      },
      ontext(raw) {
        const text = raw.replace(/\s+/g, ' ');
        if (text === ' ' && !current) return;
        const runs = target().runs;
        const s = style();
        const last = runs.at(-1);
        if (last && !last.break && sameStyle(last, s)) last.text += text;
        else runs.push({ text, ...clean(s) });
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  close();
  return blocks;
}

const clean = (s: Style): Style => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined && v !== false)) as Style;
const sameStyle = (a: TextRun, b: Style): boolean =>
  !!a.bold === !!b.bold && !!a.italic === !!b.italic && !!a.underline === !!b.underline && !!a.strike === !!b.strike && a.link === b.link;

/** Drops the white space at a block's start and end and beside its line breaks. */
function trimRuns(runs: TextRun[]): void {
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (run.break) continue;
    const atStart = i === 0 || runs[i - 1]!.break;
    const atEnd = i === runs.length - 1 || runs[i + 1]!.break;
    if (atStart) run.text = run.text.replace(/^ +/, '');
    if (atEnd) run.text = run.text.replace(/ +$/, '');
  }
  for (let i = runs.length - 1; i >= 0; i--) if (!runs[i]!.break && runs[i]!.text === '') runs.splice(i, 1);
  while (runs.at(-1)?.break) runs.pop();
  while (runs[0]?.break) runs.shift();
}

/** The plain text of blocks, one block a line (a mail's text part, a preview). */
export function blocksText(blocks: readonly Block[]): string {
  return blocks
    .map((b) => {
      const text = b.runs.map((r) => (r.break ? '\n' : r.text)).join('');
      if (b.kind === 'listItem') return `${'  '.repeat(b.depth)}${b.number !== undefined ? `${b.number}.` : '-'} ${text}`;
      return text;
    })
    .join('\n\n');
}
