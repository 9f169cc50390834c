/**
 * The fonts a PDF is written in. The standard Helvetica needs nothing embedded and covers Windows-1252
 * (English, French, most Latin letters); text with any other letter (the glottal stop ʔ, ŝ, x̌,
 * syllabics...) is written in a Unicode TrueType family embedded in the file, DejaVu Sans by default
 * (Debian's fonts-dejavu-core), or the four files of `DOCUMENT_FONT_DIR`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The four faces of a family, by the style they draw. */
export interface PdfFonts {
  regular: string;
  bold: string;
  italic: string;
  boldItalic: string;
}

/** pdfkit's standard faces (no file: built into every PDF reader). */
export const STANDARD_FONTS: PdfFonts = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
};

const DEFAULT_DIR = '/usr/share/fonts/truetype/dejavu';
const FILES: PdfFonts = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};

// Windows-1252's letters beyond Latin-1, which the standard fonts also draw.
const CP1252_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Whether the standard fonts draw every character of `text`. */
export function standardFontsDraw(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code === 0x0a || code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) continue;
    if (!CP1252_EXTRA.includes(ch)) return false;
  }
  return true;
}

/** The embedded Unicode family's files (`dir`, else DOCUMENT_FONT_DIR, else DejaVu's), or null when they are not all there. */
export function unicodeFonts(dir = process.env.DOCUMENT_FONT_DIR || DEFAULT_DIR): PdfFonts | null {
  const files = {
    regular: join(dir, FILES.regular),
    bold: join(dir, FILES.bold),
    italic: join(dir, FILES.italic),
    boldItalic: join(dir, FILES.boldItalic),
  };
  return Object.values(files).every((f) => existsSync(f)) ? files : null;
}
