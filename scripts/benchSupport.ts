/** What the benchmark scripts share: percentiles, waiting for a child process to say something, and seeding items in bulk. */
import type { ChildProcess } from 'node:child_process';
import type { Database } from '../src/server/db/Database';
import type { ItemData } from '../src/shared/items/types';

/** The `p`th percentile of ascending `sorted` (NaN when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Waits for a child process to print a line matching `pattern`; answers the match. */
export function waitFor(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolveMatch, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) resolveMatch(m);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
}

/** Bulk rows into `items`: one statement per 2,000 rows. */
export function bulkWriter(db: Database) {
  const rows: unknown[][] = [];
  const flush = async (): Promise<void> => {
    if (rows.length === 0) return;
    const col = (n: number) => rows.map((r) => r[n]);
    await db.query(
      `INSERT INTO items (id, type, idx, u, data, label, access, owner_org, created_at, created_by, updated_at)
       SELECT id, type, idx, 1, data::jsonb, label, access, owner_org, created_at, created_by, updated_at
       FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::timestamptz[], $9::text[], $10::timestamptz[])
         AS t(id, type, idx, data, label, access, owner_org, created_at, created_by, updated_at)`,
      Array.from({ length: 10 }, (_, n) => col(n)),
    );
    rows.length = 0;
  };
  const add = async (
    type: string,
    idx: number,
    data: ItemData,
    label: string,
    access: string,
    ownerOrg: string | null,
    created: number,
    by: string | null,
    updated = created,
  ): Promise<string> => {
    const id = `${type}-${idx}`;
    rows.push([
      id,
      type,
      idx,
      JSON.stringify(data),
      label,
      access,
      ownerOrg,
      new Date(created).toISOString(),
      by,
      new Date(updated).toISOString(),
    ]);
    if (rows.length >= 2000) await flush();
    return id;
  };
  return { add, flush };
}
