import { filetypeinfo } from 'magic-bytes.js';
import type { AttachmentKind } from '../../shared/fileConstants';

/** Bytes from the start of a file that detection looks at. */
export const DETECT_BYTES = 4100;

/** What the content says a file is. */
export interface DetectedType {
  /** The media type served with the file. */
  filetype: string;
  kind: AttachmentKind;
}

const DOCUMENT_TYPES = /^(application\/(pdf|rtf|msword|vnd\.ms-|vnd\.openxmlformats-officedocument|vnd\.oasis\.opendocument|epub)|text\/)/;

function kindOf(mime: string): AttachmentKind {
  if (mime.startsWith('image/')) return 'IMAGE';
  if (mime.startsWith('audio/')) return 'AUDIO';
  if (mime.startsWith('video/')) return 'VIDEO';
  if (DOCUMENT_TYPES.test(mime)) return 'DOCUMENT';
  return 'OTHER';
}

/** Plain text: decodes as UTF-8 and holds no control characters other than white space. */
function isText(head: Buffer): boolean {
  if (head.length === 0) return false;
  // A multi-byte character may be cut at the end of the sample: leave out the last 3 bytes.
  const sample = head.length >= DETECT_BYTES ? head.subarray(0, head.length - 3) : head;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what tells binary from text
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

const extensionOf = (name: string): string => (/\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1] ?? '').toLowerCase();

/**
 * The type of a file from its first bytes (magic numbers), never from its name or the type the
 * client declared: a renamed file keeps its real kind. The name only chooses among the types the
 * content fits (a zip may be a .docx). Text without a signature is text/plain; anything else
 * unknown is application/octet-stream, served as a download.
 */
export function detectFileType(head: Buffer, originalName: string): DetectedType {
  const candidates = filetypeinfo(head).filter((c): c is typeof c & { mime: string } => typeof c.mime === 'string');
  if (candidates.length > 0) {
    const ext = extensionOf(originalName);
    const chosen = candidates.find((c) => c.extension === ext) ?? candidates[0]!;
    // magic-bytes.js names WAV audio/x-wav; browsers know audio/wav.
    const filetype = chosen.mime === 'audio/x-wav' ? 'audio/wav' : chosen.mime;
    return { filetype, kind: kindOf(filetype) };
  }
  if (isText(head)) return { filetype: 'text/plain; charset=utf-8', kind: 'DOCUMENT' };
  return { filetype: 'application/octet-stream', kind: 'OTHER' };
}
