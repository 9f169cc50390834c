/** The core's document renderer: rich text to PDF and DOCX, read back as a reader sees them. */
import { strFromU8, unzipSync } from 'fflate';
import { renderDocx } from '../../src/server/documents/renderDocx';
import { renderPdf } from '../../src/server/documents/renderPdf';
import { blocksText, richTextBlocks } from '../../src/server/documents/richTextBlocks';
import { docxText, pdfEmbeddedCharacters, pdfPages, zipParts } from '../support/documentText';

const LETTER = [
  '<h2>Re: Transmission line 9L40</h2>',
  '<p>Dear <strong>Ms Okemaw</strong>,</p>',
  '<p>Thank you for your letter of <em>12-Mar-2026</em>. The community has <u>three</u> concerns:</p>',
  '<ol><li>Caribou calving grounds</li><li>Water crossings</li></ol>',
  '<ul><li>Site visit<ul><li>before the snow</li></ul></li></ul>',
  '<blockquote><p>The land remembers.</p></blockquote>',
  '<p>See <a href="https://lakeview.example/consult">our page</a><br>or write to us.</p>',
  '<p>Yours, <s>draft</s></p>',
].join('');

describe('richTextBlocks', () => {
  it('reads headings, paragraphs, lists, quotes, styles, links and line breaks', () => {
    const blocks = richTextBlocks(LETTER);
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'listItem',
      'listItem',
      'listItem',
      'listItem',
      'quote',
      'paragraph',
      'paragraph',
    ]);
    expect(blocks[1]!.runs).toEqual([{ text: 'Dear ' }, { text: 'Ms Okemaw', bold: true }, { text: ',' }]);
    expect(blocks[3]).toMatchObject({ kind: 'listItem', depth: 0, number: 1 });
    expect(blocks[6]).toMatchObject({ kind: 'listItem', depth: 1, runs: [{ text: 'before the snow' }] });
    expect(blocks[8]!.runs).toEqual([
      { text: 'See ' },
      { text: 'our page', link: 'https://lakeview.example/consult' },
      { text: '', break: true },
      { text: 'or write to us.' },
    ]);
    expect(blocksText(blocks)).toContain('1. Caribou calving grounds');
  });

  it('keeps only http, https and mailto links, and reads unknown tags for their text', () => {
    const [p] = richTextBlocks('<p><a href="javascript:alert(1)">x</a> <span>plain</span> &amp; more</p>');
    expect(p!.runs).toEqual([{ text: 'x plain & more' }]);
  });
});

describe('renderPdf', () => {
  it('draws the letterhead, the text and a page number on every page', async () => {
    const pdf = await renderPdf({ title: 'Letter', letterhead: 'Lakeview First Nation', html: LETTER });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [page, ...more] = pdfPages(pdf);
    expect(more).toEqual([]);
    const lines = page!.split('\n');
    expect(lines[0]).toBe('Lakeview First Nation');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Re: Transmission line 9L40',
        'Dear Ms Okemaw,',
        'Thank you for your letter of 12-Mar-2026. The community has three concerns:',
        '1.Caribou calving grounds',
        'The land remembers.',
        'See our page',
        'or write to us.',
        'Page 1 of 1',
      ]),
    );
    // The link is a real annotation pointing at its target.
    expect(pdf.toString('latin1')).toContain('(https://lakeview.example/consult)');
  });

  it('numbers each page of a long document', async () => {
    const html = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i + 1} of the record.</p>`).join('');
    const pages = pdfPages(await renderPdf({ title: 'Long', letterhead: 'Site', html, pageLabel: '{page}/{pages}' }));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => expect(text).toContain(`${i + 1}/${pages.length}`));
    expect(pages.join('\n')).toContain('Paragraph 120 of the record.');
  });
});

describe('letters beyond Windows-1252', () => {
  const html = '<p>Nuu-chah-nulth: ʔiiḥ ʕaʕaak, Sḵwx̱wú7mesh: x̌ ŝ, syllabics ᓀᐦᐃᔭᐍᐏᐣ</p>';

  it('are written in an embedded Unicode font in the PDF, which says which letters it draws', async () => {
    const pdf = await renderPdf({ title: 'Letter', letterhead: 'Lakeview First Nation', html });
    expect(pdf.toString('latin1')).toContain('/FontFile2');
    const drawn = pdfEmbeddedCharacters(pdf);
    for (const ch of ['ʔ', 'ḥ', 'ʕ', 'ŝ', 'ᓀ', 'ᐦ']) expect(drawn).toContain(ch);
  });

  it('leave a PDF of Latin letters in the standard fonts, nothing embedded', async () => {
    const pdf = await renderPdf({ title: 'Letter', letterhead: 'Lakeview', html: '<p>Café, “quotes” – and € signs.</p>' });
    expect(pdf.toString('latin1')).not.toContain('/FontFile2');
    expect(pdfPages(pdf)[0]).toContain('Café, ');
  });

  it('stay as they are in the DOCX', async () => {
    const docx = await renderDocx({ title: 'Letter', letterhead: 'Lakeview First Nation', html });
    expect(docxText(docx)).toContain('ʔiiḥ ʕaʕaak');
    expect(docxText(docx)).toContain('ᓀᐦᐃᔭᐍᐏᐣ');
  });
});

describe('renderDocx', () => {
  it('writes the letterhead and the text as Word paragraphs, with numbered pages', async () => {
    const docx = await renderDocx({ title: 'Letter', letterhead: 'Lakeview First Nation', subhead: 'Lands office', html: LETTER });
    expect(zipParts(docx)).toEqual(expect.arrayContaining(['word/document.xml', 'word/numbering.xml']));
    const text = docxText(docx).split('\n');
    expect(text.slice(0, 4)).toEqual(['Lakeview First Nation', 'Lands office', 'Re: Transmission line 9L40', 'Dear Ms Okemaw,']);
    expect(text).toEqual(
      expect.arrayContaining(['Caribou calving grounds', 'The land remembers.', 'See our page', 'or write to us.', 'Yours, draft']),
    );
    const footer = zipParts(docx).find((p) => p.startsWith('word/footer'))!;
    const parts = unzipText(docx, footer);
    expect(parts).toContain('PAGE');
    expect(parts).toContain('NUMPAGES');
  });
});

function unzipText(zip: Buffer, part: string): string {
  return strFromU8(unzipSync(new Uint8Array(zip))[part]!);
}
