/**
 * A document as PDF (pdfkit): A4, the letterhead on the first page, headings, paragraphs, quotes,
 * bulleted and numbered lists, bold, italic, underlined and struck text, links, line breaks, and
 * "Page n of m" at every page's foot. Standard Helvetica when it draws every letter (nothing
 * embedded), else an embedded Unicode family (pdfFonts.ts).
 */
import { DEFAULT_PAGE_LABEL, type DocumentSource } from './DocumentSource';
import { STANDARD_FONTS, standardFontsDraw, unicodeFonts, type PdfFonts } from './pdfFonts';
import { richTextBlocks, type Block, type TextRun } from './richTextBlocks';

const MARGIN = 72;
const BODY_SIZE = 11;
const HEADING_SIZES = { 1: 16, 2: 13.5, 3: 12 } as const;
const INDENT = 18;
const LINK_BLUE = '#1a4f8b';

const fontOf = (faces: PdfFonts, run: TextRun, boldBlock = false): string => {
  const bold = run.bold || boldBlock;
  if (bold && run.italic) return faces.boldItalic;
  if (bold) return faces.bold;
  if (run.italic) return faces.italic;
  return faces.regular;
};

/** Standard Helvetica when it draws every character, else the embedded Unicode family (when its files are there). */
function chooseFaces(doc: PDFKit.PDFDocument, source: DocumentSource): PdfFonts {
  const text = [source.title, source.letterhead, source.subhead ?? '', source.html, source.pageLabel ?? ''].join('\n');
  const files = standardFontsDraw(text) ? null : unicodeFonts();
  if (!files) return STANDARD_FONTS;
  const names: PdfFonts = { regular: 'Body', bold: 'Body-Bold', italic: 'Body-Italic', boldItalic: 'Body-BoldItalic' };
  for (const face of Object.keys(names) as (keyof PdfFonts)[]) doc.registerFont(names[face], files[face]);
  return names;
}

/** The runs as pdfkit writes them: a break starts the run after it on a new line (pdfkit drops a continued run's trailing one). */
function segments(runs: readonly TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  let breaks = '';
  for (const run of runs) {
    if (run.break) breaks += '\n';
    else {
      out.push({ ...run, text: breaks + run.text });
      breaks = '';
    }
  }
  return out;
}

/** Writes one block's runs from the current position, `width` wide, starting at `x`. */
function writeRuns(
  doc: PDFKit.PDFDocument,
  runs: readonly TextRun[],
  x: number,
  width: number,
  opts: { faces: PdfFonts; size: number; bold?: boolean; color?: string },
): void {
  const parts = segments(runs);
  if (parts.length === 0) parts.push({ text: ' ' });
  doc.fontSize(opts.size);
  parts.forEach((run, i) => {
    doc.font(fontOf(opts.faces, run, opts.bold)).fillColor(run.link ? LINK_BLUE : (opts.color ?? '#000000'));
    const options: PDFKit.Mixins.TextOptions = {
      continued: i < parts.length - 1,
      underline: !!run.underline || !!run.link,
      strike: !!run.strike,
      link: run.link ?? null,
      lineGap: 2,
    };
    if (i === 0) doc.text(run.text, x, doc.y, { ...options, width });
    else doc.text(run.text, options);
  });
  doc.fillColor('#000000');
}

function writeBlock(doc: PDFKit.PDFDocument, faces: PdfFonts, block: Block, left: number, width: number): void {
  switch (block.kind) {
    case 'heading':
      doc.moveDown(0.4);
      writeRuns(doc, block.runs, left, width, { faces, size: HEADING_SIZES[block.level], bold: true });
      doc.moveDown(0.3);
      return;
    case 'quote':
      writeRuns(doc, block.runs, left + INDENT, width - INDENT, { faces, size: BODY_SIZE, color: '#333333' });
      doc.moveDown(0.6);
      return;
    case 'listItem': {
      const x = left + INDENT * (block.depth + 1);
      const y = doc.y;
      const marker = block.number !== undefined ? `${block.number}.` : '\u2022';
      doc
        .font(faces.regular)
        .fontSize(BODY_SIZE)
        .text(marker, x - INDENT, y, { width: INDENT - 4, lineBreak: false });
      doc.y = y;
      writeRuns(doc, block.runs, x, width - (x - left), { faces, size: BODY_SIZE });
      doc.moveDown(0.25);
      return;
    }
    default:
      writeRuns(doc, block.runs, left, width, { faces, size: BODY_SIZE });
      doc.moveDown(0.6);
  }
}

/** The document as a PDF file. */
export async function renderPdf(source: DocumentSource): Promise<Buffer> {
  // Loaded on the first document rather than with the server: most starts make none.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: source.title, Author: source.author ?? source.letterhead, Creator: source.letterhead },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const faces = chooseFaces(doc, source);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  doc.font(faces.bold).fontSize(20).text(source.letterhead, left, MARGIN, { width });
  if (source.subhead) doc.font(faces.regular).fontSize(10).fillColor('#444444').text(source.subhead, { width }).fillColor('#000000');
  doc.moveDown(0.3);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.75)
    .strokeColor('#888888')
    .stroke();
  doc.moveDown(1.5);

  for (const block of richTextBlocks(source.html)) writeBlock(doc, faces, block, left, width);

  const { start, count } = doc.bufferedPageRange();
  const label = source.pageLabel ?? DEFAULT_PAGE_LABEL;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Written inside the bottom margin: without lifting it, pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const text = label.replaceAll('{page}', String(i - start + 1)).replaceAll('{pages}', String(count));
    doc
      .font(faces.regular)
      .fontSize(9)
      .fillColor('#555555')
      .text(text, left, doc.page.height - MARGIN / 2 - 9, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
