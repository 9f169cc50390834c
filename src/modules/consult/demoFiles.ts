/**
 * The small real files the demo consultations carry (a proponent's letter as PDF, a sampling table
 * as CSV, a site sketch as PNG), stored as an upload would leave them, each
 * with its Attachment, so consult.attachments and its zip have content on a fresh demo site.
 */
import { deflateSync } from 'node:zlib';
import { detectFileType } from '../../server/files/detectFileType';
import type { Author, ItemStore } from '../../server/store/ItemStore';
import type { Queryable } from '../../server/db/Database';

/** A one-page PDF of `title` and `lines` (Helvetica), its cross-reference table counted byte by byte. */
export function simplePdf(title: string, lines: readonly string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [
    `BT /F1 16 Tf 56 780 Td (${esc(title)}) Tj ET`,
    ...lines.map((l, i) => `BT /F1 11 Tf 56 ${750 - i * 16} Td (${esc(l)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer): number => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A `size`×`size` PNG sketch: a lake (blue) in land (green) crossed by a line (red), as RGB rows. */
export function sketchPng(size = 48): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const lake = (x - size * 0.35) ** 2 + (y - size * 0.4) ** 2 < (size * 0.22) ** 2;
      const line = Math.abs(y - (size - 1 - x)) < 1.5;
      const [r, g, b] = line ? [200, 40, 40] : lake ? [60, 120, 200] : [110, 160, 90];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One demo file: its name and bytes. */
export interface DemoFile {
  name: string;
  bytes: Buffer;
}

/**
 * Stores each file (`storeFile` answers its fresh upload id) and creates its Attachment, of no item yet.
 * Answers the ATT property's value (each file as the upload screen records it); `linkAttachments`
 * then ties them to their item.
 */
export async function demoAttachments(
  items: ItemStore,
  author: Author,
  tx: Queryable,
  storeFile: (bytes: Buffer) => Promise<string>,
  files: readonly DemoFile[],
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const file of files) {
    const uploadId = await storeFile(file.bytes);
    const { filetype, kind } = detectFileType(file.bytes, file.name);
    const made = await items.create(
      author,
      'Attachment',
      // Read by whoever reads the item it is attached to (the virtual type and the file routes check the parent).
      { originalName: file.name, fileID: uploadId, uppyID: uploadId, filetype, size: file.bytes.length, kind, $access: 'COMMUNITY' },
      { admin: true, tx },
    );
    out.push({ id: made.id, uppyID: uploadId, originalName: file.name, size: file.bytes.length, kind, filetype });
  }
  return out;
}

/**
 * Ties the Attachments `entries` name to item `{relType}-{relIndex}` through property `relProp`, as
 * the attachments' change hook does for an upload (the demo writes inside the seeding transaction,
 * before the hooks of a running server are in place).
 */
export async function linkAttachments(
  tx: Queryable,
  entries: readonly Record<string, unknown>[],
  relType: string,
  relIndex: number,
  relProp: string,
): Promise<void> {
  const ids = entries.map((e) => e.id);
  if (ids.length === 0) return;
  await tx.query(
    `UPDATE items SET data = data || jsonb_build_object('relType', $2::text, 'relIndex', $3::int, 'relProp', $4::text), u = u + 1
      WHERE id = ANY($1::text[]) AND type = 'Attachment'`,
    [ids, relType, relIndex, relProp],
  );
}
