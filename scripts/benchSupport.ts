/**
 * What the benchmark scripts share: percentiles, waiting for a child process to say something, seeding
 * items in bulk, a process's resident memory, and a signed-in socket (a tab).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
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

/** The server process's resident memory in MB (Linux). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** One tab: a socket that matches replies by sequence number and counts pushes. */
export class Tab {
  private seq = 0;
  private readonly pending = new Map<number, (frame: { erred?: boolean; b?: unknown }) => void>();
  pushes = 0;
  /** Called with every push (a frame that answers no request) as it arrives. */
  onPush: ((frame: { o?: string; b?: unknown }) => void) | null = null;
  watching: string | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { o?: string; s?: number; erred?: boolean; b?: unknown };
      const resolveReply = frame.s === undefined ? undefined : this.pending.get(frame.s);
      if (resolveReply) {
        this.pending.delete(frame.s!);
        resolveReply(frame);
      } else {
        this.pushes++;
        this.onPush?.(frame);
      }
    });
  }
  static async open(wsUrl: string, token: string): Promise<Tab> {
    const ws = new WebSocket(wsUrl);
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    const authed = new Promise((r) => ws.once('message', r));
    ws.send(JSON.stringify({ o: 'tokenAuth', b: token, v: 'load' }));
    await authed;
    return new Tab(ws);
  }
  request(o: string, b?: unknown): Promise<{ erred?: boolean; b?: unknown }> {
    const s = ++this.seq;
    return new Promise((r) => {
      this.pending.set(s, r);
      this.ws.send(JSON.stringify(b === undefined ? { o, s } : { o, b, s }));
    });
  }
}
