/**
 * A document as DOCX (docx): the letterhead at the top, headings, paragraphs, quotes, bulleted and
 * numbered lists, bold, italic, underlined and struck text, links, line breaks, and "Page n of m" in
 * every page's footer (Word fields, so the numbers follow the recipient's edits).
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  TextRun as DocxRun,
  type ParagraphChild,
} from 'docx';
import { DEFAULT_PAGE_LABEL, type DocumentSource } from './DocumentSource';
import { richTextBlocks, type Block, type TextRun } from './richTextBlocks';

const ORDERED = 'ordered';
const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

function runsOf(runs: readonly TextRun[]): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  let pendingBreak = 0;
  for (const run of runs) {
    if (run.break) {
      pendingBreak++;
      continue;
    }
    const text = new DocxRun({
      text: run.text,
      bold: run.bold,
      italics: run.italic,
      underline: run.underline || run.link ? {} : undefined,
      strike: run.strike,
      color: run.link ? '1A4F8B' : undefined,
      break: pendingBreak || undefined,
    });
    pendingBreak = 0;
    out.push(run.link ? new ExternalHyperlink({ link: run.link, children: [text] }) : text);
  }
  return out;
}

/** The footer's page numbers, from the label's `{page}` and `{pages}`. */
function pageNumberRun(label: string): DocxRun {
  const children: (string | (typeof PageNumber)[keyof typeof PageNumber])[] = [];
  for (const part of label.split(/(\{page\}|\{pages\})/)) {
    if (part === '{page}') children.push(PageNumber.CURRENT);
    else if (part === '{pages}') children.push(PageNumber.TOTAL_PAGES);
    else if (part) children.push(part);
  }
  return new DocxRun({ children, size: 18, color: '555555' });
}

/** The document as a DOCX file. */
export async function renderDocx(source: DocumentSource): Promise<Buffer> {
  const blocks = richTextBlocks(source.html);
  // Each ordered list counts from 1: a list starting again (its first item numbered 1) is an instance of its own.
  let instance = 0;
  const paragraphs = blocks.map((block: Block): Paragraph => {
    const children = runsOf(block.runs);
    switch (block.kind) {
      case 'heading':
        return new Paragraph({ heading: HEADINGS[block.level], children });
      case 'quote':
        return new Paragraph({ indent: { left: 720 }, children });
      case 'listItem':
        if (block.number === undefined) return new Paragraph({ bullet: { level: Math.min(block.depth, 8) }, children });
        if (block.number === 1) instance++;
        return new Paragraph({ numbering: { reference: ORDERED, level: Math.min(block.depth, 8), instance }, children });
      default:
        return new Paragraph({ spacing: { after: 160 }, children });
    }
  });
  const head = [
    new Paragraph({
      children: [new DocxRun({ text: source.letterhead, bold: true, size: 40 })],
      ...(source.subhead ? {} : { border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '888888', space: 4 } } }),
      spacing: { after: source.subhead ? 60 : 360 },
    }),
    ...(source.subhead
      ? [
          new Paragraph({
            children: [new DocxRun({ text: source.subhead, size: 20, color: '444444' })],
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '888888', space: 4 } },
            spacing: { after: 360 },
          }),
        ]
      : []),
  ];
  const doc = new Document({
    title: source.title,
    creator: source.author ?? source.letterhead,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    numbering: {
      config: [
        {
          reference: ORDERED,
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({ alignment: AlignmentType.CENTER, children: [pageNumberRun(source.pageLabel ?? DEFAULT_PAGE_LABEL)] }),
            ],
          }),
        },
        children: [...head, ...paragraphs],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
