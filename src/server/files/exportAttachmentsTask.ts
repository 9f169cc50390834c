import * as yup from 'yup';
import { ARCHIVE_ZIP_NAME } from '../../shared/fileConstants';
import { itemTypes } from '../../shared/itemTypes';
import { searchQuerySchema, type SearchQuery } from '../../shared/search';
import { readPredicate } from '../policy/policy';
import type { Principal } from '../policy/Principal';
import { storedIdOf } from '../../shared/items/virtualTypes';
import { searchScope } from '../search/compileSearch';
import { SearchFields } from '../search/SearchFields';
import { SearchService } from '../search/SearchService';
import type { Services } from '../services';
import { ITEM_COLUMNS, toRecord, type ItemRecord, type ItemRow } from '../store/ItemRecord';
import { parentOf } from './Attachments';
import { TaskError } from '../tasks/TaskError';
import type { TaskKind } from '../tasks/TaskKind';
import { objectStoreOf, type ObjectKey } from './objectStore';

/** Most attachments one export takes. */
const MAX_EXPORT_ATTACHMENTS = 10_000;

const body = yup
  .object({
    ids: yup
      .array(
        yup
          .string()
          .matches(/^Attachment-\d+$/)
          .required(),
      )
      .min(1)
      .max(MAX_EXPORT_ATTACHMENTS),
    /** A `search/ids` query; it is narrowed to Attachments, unless it searches a virtual type over them. */
    query: yup
      .mixed<SearchQuery>()
      .test('query', 'query must be a search/ids query', (v) => v === undefined || searchQuerySchema().isValidSync(v)),
  })
  .noUnknown()
  .strict()
  .test('one', 'give ids or query, not both', (v) => (v.ids === undefined) !== (v.query === undefined));

/** Whether `query` searches only virtual types over Attachments (spec 001 consultAttachment), whose ids map to theirs. */
function searchesAttachmentViews(query: SearchQuery): boolean {
  const scope = [...searchScope(query, new SearchFields(itemTypes))];
  return scope.length > 0 && scope.every((name) => itemTypes.get(name)?.virtual?.over === 'Attachment');
}

/**
 * The ids of the Attachments `query` finds for `caller`, in its order (permission filtered inside the
 * search): a search of a virtual type over Attachments (its parent's read rule applying) as it is, any
 * other narrowed to Attachments.
 */
async function searchAttachments(services: Services, caller: Principal, query: SearchQuery): Promise<string[]> {
  const { must, should, mustNot, subs, subsShould, minShould, sort, ids, tzOffset } = query;
  const search = new SearchService(services.db, itemTypes, (c, i) => services.items.labels(c, i));
  if (searchesAttachmentViews(query)) {
    const reply = await search.search(caller, {
      must,
      should,
      mustNot,
      subs,
      subsShould,
      minShould,
      sort,
      ids,
      tzOffset,
      max: MAX_EXPORT_ATTACHMENTS,
    });
    return reply.ids.map((id) => storedIdOf(id, (name) => itemTypes.get(name)));
  }
  const reply = await search.search(caller, {
    must: { _: 'Attachment' },
    subs: [{ must, should, mustNot, subs, subsShould, minShould }],
    sort,
    ids,
    tzOffset,
    max: MAX_EXPORT_ATTACHMENTS,
  });
  return reply.ids;
}

/**
 * The Attachments among `ids` that `caller` may read, in the order asked: a file on an item as whoever
 * reads the item (the file routes' rule), a file on no item by its own access. Deleted ones are left out.
 */
async function readableAttachments(services: Services, caller: Principal, ids: string[]): Promise<ItemRecord[]> {
  const res = await services.db.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM items i
     WHERE i.id = ANY($1) AND i.type = 'Attachment' AND i.deleted_at IS NULL
     ORDER BY array_position($1::text[], i.id)`,
    [ids],
  );
  const records = res.rows.map(toRecord);
  const readable = async (asked: string[]): Promise<Set<string>> => {
    if (asked.length === 0) return new Set();
    const params: unknown[] = [asked];
    const found = await services.db.query<{ id: string }>(
      `SELECT i.id FROM items i WHERE i.id = ANY($1) AND i.deleted_at IS NULL AND ${readPredicate(caller, params)}`,
      params,
    );
    return new Set(found.rows.map((r) => r.id));
  };
  const parents = await readable([...new Set(records.map(parentOf).filter((p): p is string => p !== null))]);
  const loose = await readable(records.filter((r) => parentOf(r) === null).map((r) => r.id));
  return records.filter((r) => {
    const parent = parentOf(r);
    return parent === null ? loose.has(r.id) : parents.has(parent);
  });
}

/** A name for each entry: the original name, made unique within the zip and free of paths. */
function entryNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const clean =
      raw
        // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
        .replace(/[\u0000-\u001F\u007F/\\:]/g, '_')
        .replace(/^\.+/, '_')
        .trim() || 'file';
    const dot = clean.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * `act/exportAttachments/async` with `{ids}` or `{query}` (a search, narrowed to Attachments, or of a
 * virtual type over them such as consultAttachment): a
 * zip (archive-attachments.zip) of the attachments the user may read, in the order asked, streamed
 * to the task's result with archiver (into the data directory or the bucket); progress counts bytes read.
 * Attachments the user may not read, deleted ones and missing files are left out, silently (the
 * zip shows what was exported); none at all fails with errors.nothingToExport.
 */
export const exportAttachmentsTask: TaskKind = {
  name: 'exportAttachments',
  body,
  async run({ caller, services, signal, progress, writeResult }, input) {
    const { ids: given, query } = input as { ids?: string[]; query?: SearchQuery };
    const ids = given ?? (await searchAttachments(services, caller, query!));
    const records = await readableAttachments(services, caller, [...new Set(ids)]);
    const store = objectStoreOf(services.config);
    const entries: { key: ObjectKey; size: number; name: string }[] = [];
    for (const record of records) {
      const fileId = record.data.fileID;
      if (typeof fileId !== 'string' || !/^[A-Za-z0-9_-]+$/.test(fileId)) continue;
      const key: ObjectKey = `files/${fileId}`;
      const size = await store.size(key);
      if (size !== null) entries.push({ key, size, name: String(record.data.originalName ?? fileId) });
    }
    if (entries.length === 0) throw new TaskError('errors.nothingToExport', 'None of the attachments can be exported');
    const names = entryNames(entries.map((e) => e.name));
    const total = entries.reduce((sum, e) => sum + e.size, 0) || 1;

    // archiver is an ES module only: import() loads it on every Node 20 (require() of ESM needs 20.19).
    const { ZipArchive } = await import('archiver');
    // Media is mostly compressed already: a light level saves time for little size.
    const zip = new ZipArchive({ zlib: { level: 1 } });
    let read = 0;
    let next = 0;
    const stored = writeResult(ARCHIVE_ZIP_NAME, zip);
    const written = new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      stored.catch(reject);
      signal.addEventListener(
        'abort',
        () => {
          zip.abort();
          reject(signal.reason);
        },
        { once: true },
      );
      // One file open at a time, appended when the previous entry is written: the zip keeps the
      // order asked, and an export of thousands of files holds one descriptor, not thousands.
      const appendNext = (): void => {
        if (signal.aborted) return;
        const i = next++;
        const entry = entries[i];
        if (!entry) {
          zip
            .finalize()
            .then(() => stored)
            .then(resolve, reject);
          return;
        }
        store.get(entry.key).then((source) => {
          // Removed since it was counted: its entry is left out, as a missing file is.
          if (!source) return appendNext();
          source.on('data', (chunk: Buffer) => {
            read += chunk.length;
            progress((read / total) * 100);
          });
          zip.append(source, { name: names[i]! });
        }, reject);
      };
      zip.on('entry', appendNext);
      appendNext();
    });
    await written;
    if (signal.aborted) throw signal.reason;
    return { file: { name: ARCHIVE_ZIP_NAME, type: 'application/zip' } };
  },
};
