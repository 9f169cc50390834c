import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { isValidId } from '../../shared/ids';
import type { ItemData } from '../../shared/items/types';
import { canRead, canUpdate, readPredicate } from '../policy/policy';
import type { Caller, Principal } from '../policy/Principal';
import type { Services } from '../services';
import { ITEM_COLUMNS, toRecord, type ItemRecord, type ItemRow } from '../store/ItemRecord';
import { DETECT_BYTES, detectFileType } from './detectFileType';
import type { FileStorage } from './fileStorage';

/** What an uploader may say about a new attachment (tus Upload-Metadata). */
export interface AttachmentMeta {
  originalName: string;
  relProp?: string;
  relType?: string;
  relIndex?: number;
  access?: string;
}

/** A stored file the caller may read, with its Attachment item. */
export interface ReadableFile {
  record: ItemRecord;
  path: string;
  fileId: string;
  filetype: string;
  kind: string;
  originalName: string;
}

const ATTACHMENT_ID = /^Attachment-\d+$/;

async function readHead(path: string): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(DETECT_BYTES);
    const { bytesRead } = await fh.read(buf, 0, DETECT_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Attachment items and the files behind them: made when an upload completes, found by item id,
 * upload id or related item, and answered only to callers the policy lets read the item.
 */
export class Attachments {
  constructor(
    private readonly services: Services,
    private readonly storage: FileStorage,
  ) {}

  /** Creates the Attachment of a completed upload, its kind and type taken from the content. */
  async create(caller: Principal, uploadId: string, size: number, meta: AttachmentMeta): Promise<ItemRecord> {
    const { filetype, kind } = detectFileType(await readHead(join(this.storage.files, uploadId)), meta.originalName);
    const data: ItemData = { originalName: meta.originalName, fileID: uploadId, uppyID: uploadId, filetype, size, kind };
    if (meta.relProp) data.relProp = meta.relProp;
    if (meta.relType) data.relType = meta.relType;
    if (meta.relIndex !== undefined) data.relIndex = meta.relIndex;
    if (meta.access) data.$access = meta.access;
    // admin: the server writes the read-only file fields; the author is still the uploader.
    return this.services.items.create({ userId: caller.userId, masquerader: caller.masquerader }, 'Attachment', data, { admin: true });
  }

  /**
   * Whether `caller` may relate a new attachment to item `{relType}-{relIndex}`: only one who may
   * change the item, as its first image becomes the picture everyone who reads the item is shown.
   */
  async mayRelate(caller: Principal, relType: string, relIndex: number): Promise<boolean> {
    const id = `${relType}-${relIndex}`;
    if (!isValidId(id)) return false;
    const record = await this.services.items.find(id);
    return !!record && !record.deletedAt && canUpdate(caller, record);
  }

  private file(record: ItemRecord): ReadableFile {
    const fileId = String(record.data.fileID);
    return {
      record,
      fileId,
      path: join(this.storage.files, fileId),
      filetype: String(record.data.filetype ?? 'application/octet-stream'),
      kind: String(record.data.kind ?? 'OTHER'),
      originalName: String(record.data.originalName ?? fileId),
    };
  }

  private readable(caller: Caller, record: ItemRecord | null | undefined): ReadableFile | null {
    if (!record || record.type !== 'Attachment' || record.deletedAt || !canRead(caller, record)) return null;
    if (typeof record.data.fileID !== 'string' || !/^[A-Za-z0-9_-]+$/.test(record.data.fileID)) return null;
    return this.file(record);
  }

  /** The file of attachment `ref` (an item id `Attachment-n`, or an upload id) if `caller` may read it. */
  async byRef(caller: Caller, ref: string): Promise<ReadableFile | null> {
    if (ATTACHMENT_ID.test(ref)) return this.readable(caller, await this.services.items.find(ref));
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(ref)) return null;
    const res = await this.services.db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM items i WHERE i.type = 'Attachment' AND i.data->>'uppyID' = $1`,
      [ref],
    );
    return this.readable(caller, res.rows[0] && toRecord(res.rows[0]));
  }

  /**
   * The image of item `itemId`: the item itself when it is an image Attachment, else its first image
   * attachment (relType and relIndex naming it) that `caller` may read and that is not in the trash.
   */
  async imageOf(caller: Caller, itemId: string): Promise<ReadableFile | null> {
    if (!isValidId(itemId)) return null;
    const item = await this.services.items.find(itemId);
    if (!item || item.deletedAt || !canRead(caller, item)) return null;
    if (item.type === 'Attachment') {
      const own = this.readable(caller, item);
      return own?.kind === 'IMAGE' ? own : null;
    }
    const params: unknown[] = [item.type, String(item.idx)];
    const res = await this.services.db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM items i
       WHERE i.type = 'Attachment' AND i.deleted_at IS NULL AND i.data->>'kind' = 'IMAGE'
         AND i.data->>'relType' = $1 AND i.data->>'relIndex' = $2 AND COALESCE(i.data->>'trashed', 'false') <> 'true'
         AND ${readPredicate(caller, params)}
       ORDER BY i.idx LIMIT 1`,
      params,
    );
    return this.readable(caller, res.rows[0] && toRecord(res.rows[0]));
  }
}
