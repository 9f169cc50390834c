import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const VERSIONED_BINS = '/usr/lib/postgresql';

/**
 * The path of a PostgreSQL client program (`pg_dump`, `pg_restore`, `psql`): from PG_BIN_DIR when
 * set, else the newest of Debian's /usr/lib/postgresql/<major>/bin (pg_dump must be at least as new
 * as the server), else the one on PATH.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql', env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN_DIR) return join(env.PG_BIN_DIR, name);
  if (existsSync(VERSIONED_BINS)) {
    const majors = readdirSync(VERSIONED_BINS)
      .filter((d) => /^\d+$/.test(d))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const path = join(VERSIONED_BINS, major, 'bin', name);
      if (existsSync(path)) return path;
    }
  }
  return name;
}

/**
 * Runs `program` with `args`, `stdin` piped to its standard input when given; resolves
 * when it exits 0, else rejects with what it printed on standard error.
 */
export function run(
  program: string,
  args: string[],
  options: { stdin?: NodeJS.ReadableStream; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: [options.stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) =>
      reject(
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${program} was not found: install PostgreSQL's client programs, or set PG_BIN_DIR to their folder`)
          : e,
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit code ${code}): ${err.trim()}`))));
    if (options.stdin) {
      child.stdin!.on('error', () => undefined);
      options.stdin.pipe(child.stdin!);
    }
  });
}

/** libpq's settings for a connection-string parameter it also reads from the environment. */
const PARAM_ENV: Record<string, string> = {
  host: 'PGHOST',
  port: 'PGPORT',
  user: 'PGUSER',
  password: 'PGPASSWORD',
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  application_name: 'PGAPPNAME',
};

/**
 * The environment that points libpq's programs at `url` (postgres://user:password@host:port/db?...),
 * so that the password never shows in the process list as a command-line argument would.
 */
export function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const db = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (db) env.PGDATABASE = db;
  for (const [key, value] of u.searchParams) {
    const name = PARAM_ENV[key];
    if (name) env[name] = value;
  }
  return env;
}
