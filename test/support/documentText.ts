/**
 * The text of the documents the server writes, read back as a reader would see it: a PDF's pages
 * (its content streams inflated, each line's shown strings joined) and a DOCX's paragraphs
 * (word/document.xml of the zip). Enough to check a letter's words, not a general parser.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { inflateSync } from 'node:zlib';

/** A PDF's text, one string per page, its lines joined by new lines (pdfkit's standard-font output). */
export function pdfPages(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const pages: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a compressed content stream (a font, an image)
    }
    if (!content.includes('BT')) continue;
    const lines: { y: string; text: string }[] = [];
    for (const bt of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const y = /1 0 0 1 [\d.]+ ([\d.]+) Tm/.exec(bt[1]!)?.[1] ?? '';
      const text = [...bt[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('');
      const last = lines.at(-1);
      if (last && last.y === y) last.text += text;
      else lines.push({ y, text });
    }
    pages.push(lines.map((l) => l.text).join('\n'));
  }
  return pages;
}

/** The characters a PDF's embedded fonts say they draw (their ToUnicode maps), as text: what a reader copies out. */
export function pdfEmbeddedCharacters(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue;
    }
    if (!content.includes('beginbfrange')) continue;
    for (const range of content.matchAll(/\[([^\]]*)\]/g))
      for (const hex of range[1]!.matchAll(/<([0-9a-fA-F]{4})>/g)) out += String.fromCodePoint(parseInt(hex[1]!, 16));
  }
  return out;
}

/** A DOCX's text (word/document.xml): one line per paragraph, line breaks as new lines. */
export function docxText(docx: Buffer, part = 'word/document.xml'): string {
  const files = unzipSync(new Uint8Array(docx));
  const xml = strFromU8(files[part]!);
  return xml
    .split(/<\/w:p>/)
    .map((p) =>
      [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)]
        .map((t) => (t[0] === '<w:br/>' ? '\n' : t[1]!))
        .join('')
        .replaceAll('&amp;', '&')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&apos;', "'"),
    )
    .filter((line) => line.length > 0)
    .join('\n');
}

/** The names of a zip's parts (a DOCX's). */
export function zipParts(zip: Buffer): string[] {
  return Object.keys(unzipSync(new Uint8Array(zip)));
}
