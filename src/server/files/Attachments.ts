import { isValidId } from '../../shared/ids';
import { itemTypes } from '../../shared/itemTypes';
import type { ItemData } from '../../shared/items/types';
import { canRead, canUpdate } from '../policy/policy';
import type { Caller, Principal } from '../policy/Principal';
import type { Services } from '../services';
import { ITEMS_CHANNEL, type ChangeHook } from '../store/ItemStore';
import { ITEM_COLUMNS, toRecord, type ItemRecord, type ItemRow } from '../store/ItemRecord';
import { DETECT_BYTES, detectFileType } from './detectFileType';
import type { ObjectKey, ObjectStore } from './objectStore';

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
  /** Where the file is stored. */
  key: ObjectKey;
  fileId: string;
  filetype: string;
  kind: string;
  originalName: string;
}

const ATTACHMENT_ID = /^Attachment-\d+$/;

/** The item an Attachment belongs to (`relType-relIndex`), or null for a file on no item. */
export function parentOf(record: ItemRecord): string | null {
  const { relType, relIndex } = record.data;
  return typeof relType === 'string' && typeof relIndex === 'number' ? `${relType}-${relIndex}` : null;
}

/**
 * `update` (an UPDATE of Attachments whose last parameter is the items channel) announcing each row it
 * changes as every change is announced, so every process's item cache and live readers see it.
 */
function announced(update: string): string {
  const channel = `$${(update.match(/\$\d+/g) ?? []).map((p) => Number(p.slice(1))).reduce((a, b) => Math.max(a, b), 0) + 1}`;
  return `WITH changed AS (${update} RETURNING id, u)
    SELECT id, u, pg_notify(${channel}::text, json_build_object('id', id, 'u', u, 'kind', 'updated')::text) FROM changed`;
}

/** A row an announced update changed. */
interface Announced {
  id: string;
  u: number | string;
}

/** The ids an ATT value names (a list of `{id, ...}`). */
function attIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((e: unknown) => (typeof e === 'object' && e !== null && Object.hasOwn(e, 'id') ? (e as { id: unknown }).id : null))
    .filter((id): id is string => typeof id === 'string' && ATTACHMENT_ID.test(id));
}

/** The first bytes of stored file `key`, enough to tell its type. */
async function readHead(store: ObjectStore, key: ObjectKey): Promise<Buffer> {
  const size = await store.size(key);
  if (!size) return Buffer.alloc(0);
  const body = await store.get(key, { start: 0, end: Math.min(size, DETECT_BYTES) - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of body ?? []) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(0, DETECT_BYTES);
}

/**
 * Attachment items and the files behind them: made when an upload completes, found by item id,
 * upload id or related item, and answered only to callers the policy lets read the item.
 */
export class Attachments {
  constructor(
    private readonly services: Services,
    private readonly store: ObjectStore,
  ) {}

  /** Creates the Attachment of a completed upload, its kind and type taken from the content. */
  async create(caller: Principal, uploadId: string, size: number, meta: AttachmentMeta): Promise<ItemRecord> {
    const { filetype, kind } = detectFileType(await readHead(this.store, `files/${uploadId}`), meta.originalName);
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
      key: `files/${fileId}`,
      filetype: String(record.data.filetype ?? 'application/octet-stream'),
      kind: String(record.data.kind ?? 'OTHER'),
      originalName: String(record.data.originalName ?? fileId),
    };
  }

  /**
   * Whether `caller` may read the file of Attachment `record`: a file on an item is read by exactly
   * who may read the item (not in the trash or deleted); a file on no item by its own access.
   */
  async mayReadFile(caller: Caller, record: ItemRecord): Promise<boolean> {
    const parentId = parentOf(record);
    if (parentId === null) return canRead(caller, record);
    const parent = isValidId(parentId) ? await this.services.items.find(parentId) : null;
    return !!parent && !parent.deletedAt && canRead(caller, parent);
  }

  private async readable(caller: Caller, record: ItemRecord | null | undefined): Promise<ReadableFile | null> {
    if (!record || record.type !== 'Attachment' || record.deletedAt) return null;
    if (typeof record.data.fileID !== 'string' || !/^[A-Za-z0-9_-]+$/.test(record.data.fileID)) return null;
    return (await this.mayReadFile(caller, record)) ? this.file(record) : null;
  }

  /**
   * Links the files an item's ATT properties name to the item, once it exists: a file uploaded while
   * the item was being created has no relation yet. Only files the author uploaded and that belong to
   * no item are linked (no one can take another's file, or move one from its item), inside the
   * change's transaction.
   */
  /**
   * Tells this process's item cache at once of the Attachments an announced update changed (other
   * processes learn it from the announcement after the commit): a read right after the save must not
   * be answered from the copy before it. Early is safe: a floor only keeps older copies out.
   */
  private async noteChanged(query: Promise<{ rows: Announced[] }>): Promise<void> {
    for (const row of (await query).rows) this.services.items.noteChange({ id: row.id, u: Number(row.u), kind: 'updated' });
  }

  readonly linkHook: ChangeHook = async (tx, change, record, author, event) => {
    if (change.kind === 'deleted' || !author.userId) return;
    const def = itemTypes.get(record.type);
    if (!def) return;
    let props = Object.keys(def.properties).filter((name) => def.properties[name]!.kind === 'ATT');
    if (props.length === 0) return;
    if (change.kind === 'updated') {
      // Only a change of the field itself: another change (a name, a state) leaves the files alone, so a
      // file uploaded onto the item while someone else saved it is not taken for a removed one.
      props = props.filter((prop) => event.changed.includes(prop));
    }
    for (const prop of props) {
      const ids = attIds(record.data[prop]);
      if (ids.length > 0) {
        // The author's own files of no item join it; the item's files put back in the field leave the trash.
        await this.noteChanged(
          tx.query<Announced>(
            announced(`UPDATE items SET data = (data - 'trashed') || jsonb_build_object('relType', $2::text, 'relIndex', $3::int, 'relProp', $4::text), u = u + 1
           WHERE id = ANY($1::text[]) AND type = 'Attachment' AND deleted_at IS NULL
             AND ((created_by = $5 AND NOT (data ? 'relType'))
               OR (data->>'relType' = $2 AND data->>'relIndex' = $3::text AND data->>'trashed' = 'true'))`),
            [ids, record.type, record.idx, prop, author.userId, ITEMS_CHANNEL],
          ),
        );
      }
      if (change.kind !== 'updated') continue;
      // A file taken out of the field goes to the trash: it is no longer the item's picture or in its exports.
      await this.noteChanged(
        tx.query<Announced>(
          announced(`UPDATE items SET data = data || '{"trashed": true}'::jsonb, u = u + 1
         WHERE type = 'Attachment' AND deleted_at IS NULL AND data->>'relType' = $1 AND data->>'relIndex' = $2
           AND data->>'relProp' = $3 AND NOT (id = ANY($4::text[])) AND COALESCE(data->>'trashed', 'false') <> 'true'`),
          [record.type, String(record.idx), prop, ids, ITEMS_CHANNEL],
        ),
      );
    }
  };

  /** The file of attachment `ref` (an item id `Attachment-n`, or an upload id) if `caller` may read it. */
  async byRef(caller: Caller, ref: string): Promise<ReadableFile | null> {
    if (ATTACHMENT_ID.test(ref)) return await this.readable(caller, await this.services.items.find(ref));
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(ref)) return null;
    const res = await this.services.db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM items i WHERE i.type = 'Attachment' AND i.data->>'uppyID' = $1`,
      [ref],
    );
    return await this.readable(caller, res.rows[0] && toRecord(res.rows[0]));
  }

  /**
   * The image of item `itemId`: the item itself when it is an image Attachment, else its first image
   * attachment (relType and relIndex naming it) that is not in the trash: whoever reads the item reads
   * its files.
   */
  async imageOf(caller: Caller, itemId: string): Promise<ReadableFile | null> {
    if (!isValidId(itemId)) return null;
    const item = await this.services.items.find(itemId);
    if (!item || item.deletedAt || !canRead(caller, item)) return null;
    if (item.type === 'Attachment') {
      const own = await this.readable(caller, item);
      return own?.kind === 'IMAGE' ? own : null;
    }
    const res = await this.services.db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM items i
       WHERE i.type = 'Attachment' AND i.deleted_at IS NULL AND i.data->>'kind' = 'IMAGE'
         AND i.data->>'relType' = $1 AND i.data->>'relIndex' = $2 AND COALESCE(i.data->>'trashed', 'false') <> 'true'
       ORDER BY i.idx LIMIT 1`,
      [item.type, String(item.idx)],
    );
    return await this.readable(caller, res.rows[0] && toRecord(res.rows[0]));
  }
}
