import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway PostgreSQL cluster in a temporary directory, for tests and benchmarks. */
export interface PostgresCluster {
  url: string;
  port: number;
  dir: string;
  /** The command that restarts the cluster (a fast shutdown, then a start with the same settings), to run without blocking. */
  restartCommand: () => [string, string[]];
  stop: () => Promise<void>;
}

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

export function findBinDir(): string {
  const dir = process.env.PG_BIN_DIR ?? BIN_DIRS.find((d) => existsSync(join(d, 'initdb')));
  if (!dir) throw new Error(`PostgreSQL binaries not found in ${BIN_DIRS.join(', ')}; set PG_BIN_DIR`);
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(bin: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

/**
 * Starts a fresh cluster on a free loopback port; `stop()` shuts it down and removes its files.
 * `settings` are extra server settings (`{ shared_buffers: '1GB' }`), e.g. for benchmarks.
 */
export async function startPostgresCluster(settings: Record<string, string> = {}): Promise<PostgresCluster> {
  const bin = findBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'kk-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const [initCmd, initArgs] = asPostgres(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-sync',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`),
  ].join(' ');
  // pg_ctl daemonises the server with its own log file: no pipe of ours outlives the cluster.
  const [cmd, args] = asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    join(dir, 'postgres.log'),
    '-o',
    options,
    '-w',
    '-t',
    '60',
    'start',
  ]);
  try {
    execFileSync(cmd, args, { stdio: 'pipe' });
  } catch (e) {
    const log = existsSync(join(dir, 'postgres.log')) ? readFileSync(join(dir, 'postgres.log'), 'utf8') : '';
    throw new Error(`PostgreSQL did not start: ${(e as Error).message}\n${log}`, { cause: e });
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    // Its output goes to the log file as at start: a pipe of ours held by the new server would keep the caller waiting.
    restartCommand: () =>
      asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-l', join(dir, 'postgres.log'), '-m', 'fast', '-w', '-t', '60', 'restart']),
    stop: async () => {
      const [stopCmd, stopArgs] = asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      try {
        execFileSync(stopCmd, stopArgs, { stdio: 'pipe' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
