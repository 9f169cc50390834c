import type { RegisteredImportKind } from '../../shared/imports/importKindTable';
import { EXPORT_ONLY_COLUMNS } from '../../shared/imports/importKindTable';
import { IMPORT_PREVIEW_ROWS, IMPORT_REPORT_MAX, type ImportPreview, type ImportProblem } from '../../shared/items/platformTypes/Import';
import { ownerOrgOf } from '../../shared/items/ownerOrgOf';
import type { ItemData, ItemTypeDef } from '../../shared/items/types';
import type { Database, Queryable } from '../db/Database';
import { OpError } from '../OpError';
import { canCreate, canRead, canUpdate } from '../policy/policy';
import type { Principal } from '../policy/Principal';
import type { ItemStore } from '../store/ItemStore';
import type { ImportHead, ImportRecord } from './ImportReader';
import type { FileRow } from './readRows';
import { mapColumns, rowBody, type ColumnMap } from './rowValues';

/** Rows written in one transaction: fewer commits, while a batch holds the embedded database's one connection only briefly. */
export const IMPORT_BATCH_ROWS = 250;

/** What an import has done so far (a dry run: what it would do). */
export interface ImportCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/** Thrown inside a dry run's batch so that its transaction rolls back. */
class DryRunRollback extends Error {}

/** Thrown inside a batch whose file's head item was refused: nothing of it is written. */
class HeadRefused extends Error {}

interface Known {
  id: string;
  u: number;
}

interface Pending {
  line: number;
  body: ItemData;
  key: unknown;
}

/** What writing a row did, or its problems. */
type Outcome = 'created' | 'updated' | 'unchanged' | ImportProblem[];

const SAVEPOINT = 'SAVEPOINT import_row';

/** A key as the database's `->>` says it: text as itself, numbers and booleans as JSON. */
const keyText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * One run of an import over a file's rows: the header maps columns to properties, then each row
 * creates an item, or updates the one whose key column holds the row's key, through the item store,
 * with the caller's rights (the socket's rules, validators and change hooks). Rows are written in
 * batches, one transaction each, every row in a savepoint: a row that fails is rolled back to its
 * savepoint and reported (line, field, reason), so it writes nothing and the others stand. Consecutive
 * rows with new keys are created together (ItemStore.createMany) in one savepoint; should that fail,
 * it is rolled back and they are written one by one as above, so the row at fault alone is refused.
 * A dry run does the same and rolls every batch back.
 *
 * A kind with a module's reader gives records instead of rows (takeRecord, ImportReader.ts): each
 * creates an item (no key), written as the server writes (read-only properties allowed) once the
 * policy let the importer create it. A file's head item is created in the first batch, before its
 * records, and named by each; in a dry run, in every batch (each rolled back). A refused head
 * writes nothing and ends the run (headRefused).
 */
export class ImportRun {
  readonly counts: ImportCounts = { rows: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
  readonly problems: ImportProblem[] = [];
  preview: ImportPreview = { columns: [], rows: [] };
  private map: ColumnMap | null = null;
  private batch: Pending[] = [];
  /** Keys this dry run would have created, whose items its rolled-back batches no longer hold. */
  private readonly wouldCreate = new Set<string>();
  /** The head item's id once written (in a dry run, in the batch at hand). */
  private headId: string | null = null;
  /** Why the file's head item was refused: the run writes nothing more. */
  headRefused: ImportProblem[] | null = null;

  constructor(
    private readonly db: Database,
    private readonly items: ItemStore,
    private readonly caller: Principal,
    private readonly kind: RegisteredImportKind,
    private readonly type: ItemTypeDef,
    private readonly options: { dryRun: boolean; signal: AbortSignal; reader?: boolean },
  ) {}

  /** The item the whole file becomes before its records (a reader's ImportHead). */
  private head: ImportHead | undefined;

  /** Sets the file's head item: written before the first record, named by each. */
  useHead(head: ImportHead): void {
    this.head = head;
  }

  /** Whether rows find their items by a key (a kind with a reader only creates). */
  private get keyed(): boolean {
    return this.kind.def.key !== undefined;
  }

  /** Read-only properties are the server's: a module's reader sets them, a file's cells never do. */
  private get storeAdmin(): boolean {
    return this.caller.admin || this.options.reader === true;
  }

  /** Takes one record of a module's reader: queued for its batch, or counted failed with its problems. False once the head was refused. */
  async takeRecord(record: ImportRecord): Promise<boolean> {
    if (this.headRefused) return false;
    this.counts.rows++;
    if (this.preview.rows.length < IMPORT_PREVIEW_ROWS) this.preview.rows.push([...record.cells]);
    if (!record.body || record.problems.length) {
      this.counts.failed++;
      this.note(record.problems);
      return true;
    }
    this.batch.push({ line: record.line, body: { ...record.body }, key: undefined });
    if (this.batch.length >= IMPORT_BATCH_ROWS) await this.flush();
    return !this.headRefused;
  }

  /** Sets the preview's columns (a reader's). */
  previewColumns(columns: readonly string[]): void {
    this.preview = { columns: [...columns], rows: this.preview.rows };
  }

  /** Creates the file's head item in `tx`; answers its id, or throws HeadRefused with its problems kept. */
  private async writeHead(tx: Queryable, head: ImportHead): Promise<string> {
    const body = Object.fromEntries(Object.entries(head.body).filter(([, v]) => v !== null));
    const author = { userId: this.caller.userId, masquerader: this.caller.masquerader };
    const line = { line: 1, body, key: undefined };
    let problems: ImportProblem[];
    try {
      if (!canCreate(this.caller, this.items.typeOf(head.type), ownerOrgOf(body), body))
        throw new OpError('notAllowed', `Not allowed to create ${head.type}`);
      return (await this.items.create(author, head.type, body, { admin: true, tx })).id;
    } catch (e) {
      problems = this.refusal(line, e);
    }
    this.headRefused = problems;
    throw new HeadRefused();
  }

  /** The header's problems (unknown columns, no key column); rows are read only when there are none. */
  get headerProblems(): ImportProblem[] {
    return this.map?.problems ?? [];
  }

  /** Adds problems to the report, as far as it keeps them. */
  note(problems: readonly ImportProblem[]): void {
    for (const p of problems) if (this.problems.length < IMPORT_REPORT_MAX) this.problems.push(p);
  }

  /** Takes the file's rows, header first; answers false once the header refused the file. */
  async take(row: FileRow): Promise<boolean> {
    if (!this.map) {
      this.map = mapColumns(row.cells, this.kind.columns, EXPORT_ONLY_COLUMNS, this.kind.def.key ?? '');
      this.preview = { columns: [...row.cells], rows: [] };
      this.note(this.map.problems);
      return this.map.problems.length === 0;
    }
    this.counts.rows++;
    if (this.preview.rows.length < IMPORT_PREVIEW_ROWS) this.preview.rows.push([...row.cells]);
    const read = rowBody(this.type, this.map, row.line, row.cells);
    const keyName = this.kind.def.key ?? '';
    const key = read.body?.[keyName];
    const problems: ImportProblem[] =
      read.body && (key === null || key === undefined) ? [{ line: row.line, field: keyName, reason: 'errors.required' }] : read.problems;
    if (problems.length || !read.body) {
      this.counts.failed++;
      this.note(problems);
      return true;
    }
    this.batch.push({ line: row.line, body: read.body, key });
    if (this.batch.length >= IMPORT_BATCH_ROWS) await this.flush();
    return true;
  }

  /** Writes the rows still waiting (call once the file ends). */
  async finish(): Promise<void> {
    await this.flush();
  }

  private async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    const { head } = this;
    // A file of no good record still makes its head (or, in a dry run, checks it), once.
    const headDue = !!head && !this.headRefused && (this.headId === null || (this.options.dryRun && batch.length > 0));
    if (batch.length === 0 && !headDue) return;
    const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    const problems: ImportProblem[] = [];
    try {
      await this.db.transaction(async (tx) => {
        if (head && headDue) this.headId = await this.writeHead(tx, head);
        if (head) for (const row of batch) row.body[head.property] = { id: this.headId };
        const known = await this.lookUp(tx, batch);
        await tx.exec(SAVEPOINT);
        const count = (outcome: Outcome): void => {
          if (Array.isArray(outcome)) {
            counts.failed++;
            problems.push(...outcome);
          } else counts[outcome]++;
        };
        for (let i = 0; i < batch.length;) {
          if (this.options.signal.aborted) throw this.options.signal.reason;
          const creates = this.newKeys(batch, i, known);
          if (creates.length > 1) {
            const outcomes = await this.createAll(tx, creates, known);
            if (outcomes) {
              await tx.exec(`RELEASE SAVEPOINT import_row; ${SAVEPOINT}`);
              outcomes.forEach(count);
              i += creates.length;
              continue;
            }
            // One of them failed in the database or a validator: written one by one, it alone is refused.
            await tx.exec('ROLLBACK TO SAVEPOINT import_row');
          }
          const rows = creates.length > 1 ? creates : [batch[i]!];
          for (const row of rows) {
            if (this.options.signal.aborted) throw this.options.signal.reason;
            const outcome = await this.write(tx, row, known);
            await tx.exec(Array.isArray(outcome) ? 'ROLLBACK TO SAVEPOINT import_row' : `RELEASE SAVEPOINT import_row; ${SAVEPOINT}`);
            count(outcome);
          }
          i += rows.length;
        }
        if (this.options.dryRun) throw new DryRunRollback();
      });
    } catch (e) {
      if (e instanceof HeadRefused) {
        // Nothing of the batch was written: its records count as failed, the head's problem says why.
        this.counts.failed += batch.length;
        this.note(this.headRefused ?? []);
        return;
      }
      if (!(e instanceof DryRunRollback)) throw e;
    }
    // Counted once the batch is committed (or, in a dry run, has been checked whole).
    this.counts.created += counts.created;
    this.counts.updated += counts.updated;
    this.counts.unchanged += counts.unchanged;
    this.counts.failed += counts.failed;
    this.note(problems);
  }

  /** The items of the type that hold the batch's keys, by key, through the index on the key (keyIndexes.ts). */
  private async lookUp(tx: Queryable, batch: readonly Pending[]): Promise<Map<string, Known[]>> {
    if (!this.keyed) return new Map();
    // Plain names (checked by keyIndex): written into the statement so that it matches the partial index.
    const { key } = this.kind.def;
    const res = await tx.query<{ id: string; u: number; k: string }>(
      `SELECT i.id, i.u, i.data ->> '${key}' AS k FROM items i
       WHERE i.type = '${this.type.name}' AND i.deleted_at IS NULL AND (i.data ->> '${key}') = ANY($1::text[]) ORDER BY i.idx`,
      [[...new Set(batch.map((r) => keyText(r.key)))]],
    );
    const known = new Map<string, Known[]>();
    for (const r of res.rows) known.set(r.k, [...(known.get(r.k) ?? []), { id: r.id, u: Number(r.u) }]);
    return known;
  }

  /**
   * The rows from `start` on that create an item each, as far as they go on: none of their keys is
   * known, in the database or to this dry run, nor repeated among them (a repeated key updates the
   * item its first row creates, so it ends the run).
   */
  private newKeys(batch: readonly Pending[], start: number, known: Map<string, Known[]>): Pending[] {
    const run: Pending[] = [];
    const keys = new Set<string>();
    if (!this.keyed) return batch.slice(start);
    for (let i = start; i < batch.length; i++) {
      const text = keyText(batch[i]!.key);
      if (known.has(text) || keys.has(text) || (this.options.dryRun && this.wouldCreate.has(text))) break;
      keys.add(text);
      run.push(batch[i]!);
    }
    return run;
  }

  /**
   * Creates the items of `rows` (all new keys) together (ItemStore.createMany): each row is checked
   * first, and one refused there is reported and left out; the others are written at once. Answers
   * each row's outcome in order, or null when the writing failed (a validator, a change hook, the
   * database), for the caller to roll back and write them one by one.
   */
  private async createAll(tx: Queryable, rows: readonly Pending[], known: Map<string, Known[]>): Promise<Outcome[] | null> {
    const author = { userId: this.caller.userId, masquerader: this.caller.masquerader };
    const admin = this.storeAdmin;
    const outcomes: Outcome[] = [];
    const bodies: ItemData[] = [];
    const tried: number[] = [];
    for (const [i, row] of rows.entries()) {
      const body = Object.fromEntries(Object.entries(row.body).filter(([, v]) => v !== null));
      if (canCreate(this.caller, this.type, ownerOrgOf(body), body)) {
        outcomes.push('created');
        bodies.push(body);
        tried.push(i);
      } else outcomes.push(this.refusal(row, new OpError('notAllowed', `Not allowed to create ${this.type.name}`)));
    }
    try {
      const written: Pending[] = [];
      const refused = (index: number, e: OpError): void => {
        outcomes[tried[index]!] = this.refusal(rows[tried[index]!]!, e);
      };
      const records = await this.items.createMany(author, this.type.name, bodies, { admin, tx, refused });
      for (const [i, outcome] of outcomes.entries()) if (outcome === 'created') written.push(rows[i]!);
      records.forEach((record, i) => {
        if (!this.keyed) return;
        const text = keyText(written[i]!.key);
        known.set(text, [{ id: record.id, u: record.u }]);
        if (this.options.dryRun) this.wouldCreate.add(text);
      });
      return outcomes;
    } catch {
      return null;
    }
  }

  /** The problems of `row` refused by `e`, an OpError; any other error is thrown on. */
  private refusal(row: Pending, e: unknown): ImportProblem[] {
    if (!(e instanceof OpError)) throw e;
    if (e.fields && Object.keys(e.fields).length)
      return Object.entries(e.fields).map(([field, reason]) => ({ line: row.line, field, reason }));
    return [{ line: row.line, field: '', reason: `errors.${e.userMessage}` }];
  }

  /** Writes one row; answers what it did, or its problems. */
  private async write(tx: Queryable, row: Pending, known: Map<string, Known[]>): Promise<Outcome> {
    const author = { userId: this.caller.userId, masquerader: this.caller.masquerader };
    if (!this.keyed) {
      try {
        const body = Object.fromEntries(Object.entries(row.body).filter(([, v]) => v !== null));
        if (!canCreate(this.caller, this.type, ownerOrgOf(body), body))
          throw new OpError('notAllowed', `Not allowed to create ${this.type.name}`);
        await this.items.create(author, this.type.name, body, { admin: this.storeAdmin, tx });
        return 'created';
      } catch (e) {
        return this.refusal(row, e);
      }
    }
    const key = this.kind.def.key!;
    const text = keyText(row.key);
    const found = known.get(text) ?? [];
    const admin = this.caller.admin;
    try {
      if (found.length > 1) return [{ line: row.line, field: key, reason: 'errors.import.keyNotUnique' }];
      if (found.length === 1) {
        const target = found[0]!;
        const change: ItemData = { ...row.body };
        const record = await this.items.update(
          author,
          { ...change, $id: target.id, _u: target.u },
          (current) => {
            if (!canRead(this.caller, current) || !canUpdate(this.caller, current, change))
              throw new OpError('notAllowed', `Not allowed to update ${current.id}`);
          },
          { admin, tx },
        );
        known.set(text, [{ id: record.id, u: record.u }]);
        return record.u === target.u ? 'unchanged' : 'updated';
      }
      if (this.options.dryRun && this.wouldCreate.has(text)) return 'updated';
      const body = Object.fromEntries(Object.entries(row.body).filter(([, v]) => v !== null));
      if (!canCreate(this.caller, this.type, ownerOrgOf(body), body))
        throw new OpError('notAllowed', `Not allowed to create ${this.type.name}`);
      const record = await this.items.create(author, this.type.name, body, { admin, tx });
      known.set(text, [{ id: record.id, u: record.u }]);
      if (this.options.dryRun) this.wouldCreate.add(text);
      return 'created';
    } catch (e) {
      return this.refusal(row, e);
    }
  }
}
