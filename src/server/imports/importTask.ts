import * as yup from 'yup';
import { importKinds } from '../../shared/imports/importKinds';
import type { FieldErrors } from '../../shared/items/itemSchema';
import type { ImportStatus } from '../../shared/items/platformTypes/Import';
import type { ItemData } from '../../shared/items/types';
import { Attachments } from '../files/Attachments';
import { objectStoreOf } from '../files/objectStore';
import { OpError } from '../OpError';
import { canRead, canUpdate } from '../policy/policy';
import type { Principal } from '../policy/Principal';
import type { Services } from '../services';
import type { ItemValidator } from '../store/ItemStore';
import { TaskError } from '../tasks/TaskError';
import type { TaskKind } from '../tasks/TaskKind';
import { TaskStore } from '../tasks/TaskStore';
import type { ItemRecord } from '../store/ItemRecord';
import type { ImportReader } from './ImportReader';
import { importReaderOf } from './importReaders';
import { ImportRun } from './ImportRun';
import { ensureKeyIndex } from './keyIndexes';
import { BadFileError, formatOf, readRows } from './readRows';

/** The task's name: `act/import/async`. */
export const IMPORT_TASK = 'import';

const body = yup
  .object({
    importId: yup
      .string()
      .matches(/^Import-\d+$/)
      .required(),
    /** The uploaded file (its Attachment); left out, the file of the Import's last run. */
    attachmentId: yup.string().matches(/^Attachment-\d+$/),
    /** Check every row and preview the first ones, writing nothing. */
    dryRun: yup.boolean(),
  })
  .noUnknown()
  .strict();

/**
 * Sets server-kept properties of Import `id` (as an administrator would: they are read-only to
 * users), from its stored state: someone renaming it meanwhile only makes it try again.
 */
async function saveImport(services: Services, caller: Principal, id: string, patch: ItemData): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const current = await services.items.find(id);
    if (!current || current.deletedAt) return;
    try {
      await services.items.update(
        { userId: caller.userId, masquerader: caller.masquerader },
        { ...patch, $id: id, _u: current.u },
        () => undefined,
        {
          admin: true,
        },
      );
      return;
    } catch (e) {
      if (!(e instanceof OpError && e.userMessage === 'staleUpdate') || attempt >= 5) throw e;
    }
  }
}

/** The id a relation value names, if any. */
const relIdOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : null;

/**
 * Checks an Import's kind against the registered kinds (errors.import.unknownKind), and its target
 * (`into`) against the type its kind imports into (errors.import.badTarget).
 */
export const importKindValidator: ItemValidator = async (_tx, { type, data }): Promise<FieldErrors> => {
  if (type.name !== 'Import') return {};
  const kind = typeof data.kind === 'string' ? importKinds().get(data.kind) : undefined;
  if (typeof data.kind === 'string' && !kind) return { kind: 'errors.import.unknownKind' };
  const into = relIdOf(data.into);
  const intoType = kind?.def.reader?.into;
  if (into && intoType && into.split('-')[0] !== intoType) return { into: 'errors.import.badTarget' };
  return {};
};

/** The item Import `record` goes into, when its kind has a target: there, of the kind's type, and readable by `caller`. */
async function targetOf(
  services: Services,
  caller: Principal,
  record: ItemRecord,
  intoType: string | undefined,
): Promise<ItemRecord | null> {
  if (!intoType) return null;
  const id = relIdOf(record.data.into);
  const target = id ? await services.items.find(id) : null;
  if (!target || target.deletedAt || target.type !== intoType || !canRead(caller, target))
    throw new TaskError('errors.import.noTarget', `${record.id} goes into no ${intoType} the caller may read`);
  return target;
}

/**
 * `act/import/async` with `{importId, attachmentId?, dryRun?}`: reads the uploaded CSV or XLSX file
 * and makes its rows items of the Import's kind (src/server/imports/ImportRun.ts), reporting progress
 * as it reads; a kind with a reader has its module's reader read the file into records instead
 * (ImportReader.ts), given the Import's target (`into`), which the caller must be able to read. The caller must be able to change the Import and read the file. The run's status,
 * counts, first rows and report (line, field, reason of each problem) are kept on the Import.
 * A kill stops it between two rows: the batch in hand rolls back, the batches before it stay.
 */
export const importTask: TaskKind = {
  name: IMPORT_TASK,
  body,
  async run({ key, caller, services, signal, progress }, input) {
    const { importId, attachmentId, dryRun = false } = body.validateSync(input);
    const record = await services.items.find(importId);
    if (!record || record.deletedAt || record.type !== 'Import' || !canUpdate(caller, record))
      throw new TaskError('errors.import.notAllowed', `${importId} is not there, or not the caller's to run`);
    const kind = importKinds().get(String(record.data.kind));
    if (!kind) throw new TaskError('errors.import.unknownKind', `${String(record.data.kind)} is no import kind`);
    const reader: ImportReader | undefined = kind.def.reader ? importReaderOf(kind.def.kind) : undefined;
    if (kind.def.reader && !reader) throw new TaskError('errors.import.unknownKind', `${kind.def.kind} has no reader`);
    const into = await targetOf(services, caller, record, kind.def.reader?.into);
    if (record.data.status === 'RUNNING' && typeof record.data.task === 'string') {
      const running = await TaskStore.find(services.db, record.data.task);
      if (running?.state === 'running') throw new TaskError('errors.import.running', `${importId} is running`);
    }
    const ref = attachmentId ?? (record.data.file as { id?: string } | undefined)?.id;
    const file = ref ? await new Attachments(services, objectStoreOf(services.config)).byRef(caller, ref) : null;
    if (!file) throw new TaskError('errors.import.noFile', `No readable file for ${importId}`);
    const format = reader ? null : formatOf(file.originalName, file.filetype);
    if (!reader && !format)
      throw new TaskError('errors.import.fileType', `${file.originalName} (${file.filetype}) is neither CSV nor XLSX`);

    await saveImport(services, caller, importId, {
      status: 'RUNNING',
      task: key,
      file: { id: file.record.id },
      dryRun,
      rows: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: 0,
      report: null,
      preview: null,
      finished: null,
    });
    await ensureKeyIndex(services.db, kind);
    const run = new ImportRun(services.db, services.items, caller, kind, services.items.typeOf(kind.def.type), {
      dryRun,
      signal,
      reader: !!reader,
    });
    const end = async (status: ImportStatus): Promise<void> => {
      await saveImport(services, caller, importId, {
        status,
        ...run.counts,
        report: run.problems,
        preview: run.preview,
        finished: new Date().toISOString(),
      });
    };
    // The parsers read a local file: in a bucket, a temporary copy, removed when the run ends.
    const copy = await objectStoreOf(services.config).localCopy(file.key);
    let ended = false;
    try {
      if (!copy) throw new TaskError('errors.import.noFile', `The file of ${importId} is not stored`);
      if (reader) {
        const read = await reader.read({
          importId,
          into,
          file: { path: copy.path, originalName: file.originalName, filetype: file.filetype },
          caller,
          services,
          signal,
          progress: (share) => progress(share * 100),
        });
        run.previewColumns(read.columns);
        if (read.head) run.useHead(read.head);
        for await (const rec of read.records) {
          if (signal.aborted) throw signal.reason;
          if (!(await run.takeRecord(rec))) break;
        }
        await run.finish();
        const refused = run.headRefused;
        if (refused && !dryRun) {
          ended = true;
          await end('FAILED');
          throw new TaskError(refused[0]?.reason ?? 'errors.import.notAllowed', `${importId}: the file's own item was refused`);
        }
        await end(dryRun ? 'PREVIEWED' : 'DONE');
        return {};
      }
      let accepted = true;
      for await (const row of readRows(copy.path, format!, (share) => progress(share * 100), signal)) {
        if (signal.aborted) throw signal.reason;
        accepted = await run.take(row);
        if (!accepted) break;
      }
      if (accepted) await run.finish();
      if (!accepted && !dryRun) {
        ended = true;
        await end('FAILED');
        throw new TaskError('errors.import.badHeader', `The header of ${file.originalName} does not fit ${kind.def.kind}`);
      }
      await end(dryRun ? 'PREVIEWED' : 'DONE');
      return {};
    } catch (e) {
      if (ended) throw e;
      if (e instanceof BadFileError) run.note([{ line: e.line, field: '', reason: e.errorKey }]);
      await end(signal.aborted ? 'KILLED' : 'FAILED').catch((saving: unknown) =>
        console.error(`Import ${importId} could not record its end:`, saving),
      );
      throw e;
    } finally {
      await copy?.release();
    }
  },
};
