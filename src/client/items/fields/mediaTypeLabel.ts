/**
 * A file's media type as a person reads it ("PDF document", "PNG image", "Spreadsheet"), never the
 * raw `application/pdf` (spec 000 §9 Files): the text of an Attachment's file type wherever it is
 * shown, and of the buckets of its facet, whose keys stay the media types the server filters by.
 */
import type { Translate } from '../../i18n/useT';

/** Media types (without parameters, lower case) by the message that names them. */
const NAMED: Readonly<Record<string, readonly string[]>> = {
  pdf: ['application/pdf'],
  word: [
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.oasis.opendocument.text',
    'application/rtf',
    'text/rtf',
  ],
  spreadsheet: [
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.oasis.opendocument.spreadsheet',
  ],
  presentation: [
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.presentation',
  ],
  csv: ['text/csv'],
  text: ['text/plain'],
  html: ['text/html', 'application/xhtml+xml'],
  zip: ['application/zip', 'application/x-zip-compressed'],
  archive: [
    'application/gzip',
    'application/x-gzip',
    'application/x-tar',
    'application/x-7z-compressed',
    'application/x-rar-compressed',
    'application/vnd.rar',
  ],
  json: ['application/json'],
  geojson: ['application/geo+json'],
  kml: ['application/vnd.google-earth.kml+xml', 'application/vnd.google-earth.kmz'],
};
const MESSAGE_OF = new Map(Object.entries(NAMED).flatMap(([message, types]) => types.map((type) => [type, message] as const)));

/** Subtypes whose usual name is not the subtype itself, by family. */
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  'audio/mpeg': 'MP3',
  'audio/mp4': 'MP4',
  'audio/x-m4a': 'M4A',
  'video/quicktime': 'QuickTime',
  'video/x-msvideo': 'AVI',
  'image/svg+xml': 'SVG',
  'image/vnd.microsoft.icon': 'ICO',
  'image/x-icon': 'ICO',
};

/** The families named by their format ("JPEG image"), else in general ("Image"). */
const FAMILIES = new Set(['image', 'audio', 'video']);

/** A subtype as a format's short name (`x-wav` → `WAV`, `svg+xml` → `SVG`); null when it is no short name. */
function formatName(type: string, subtype: string): string | null {
  const named = FORMAT_NAMES[type];
  if (named) return named;
  const name = subtype.replace(/^(x-|vnd\.)/, '').replace(/\+.*$/, '');
  return /^[a-z0-9][a-z0-9-]{0,9}$/.test(name) ? name.toUpperCase() : null;
}

/** The text of media type `mediaType` (parameters such as `; charset=utf-8` are not said). */
export function mediaTypeLabel(t: Translate, mediaType: string): string {
  const type = mediaType.split(';')[0]!.trim().toLowerCase();
  const message = MESSAGE_OF.get(type);
  if (message) return t(`app.mediaType.${message}`);
  const [family = '', subtype = ''] = type.split('/');
  if (FAMILIES.has(family)) {
    const format = formatName(type, subtype);
    return format ? t(`app.mediaType.${family}`, { format }) : t(`app.mediaType.${family}.any`);
  }
  if (family === 'text') return t('app.mediaType.text');
  return t('app.mediaType.other');
}
