import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createServer, type KKServer } from '../../src/server/app';
import { configFromEnv, type ServerConfig } from '../../src/server/config';

/** The administrator every test server starts with. */
export const ADMIN = { email: 'admin@test.example', password: 'correct horse battery staple' };

/** Which database driver this jest project runs the server tests on. */
export const testDriver = (): 'pglite' | 'postgres' => (process.env.KK_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite');

let dbCounter = 0;

/**
 * Creates a database in the test cluster and answers its URL: empty, or a copy of `template`.
 * `freshPostgresDatabase()` is empty, for a first start, a restore or a migration of its own.
 */
export async function freshPostgresDatabase(template?: string): Promise<string> {
  const base = process.env.KK_TEST_PG_URL;
  if (!base || base === 'skip') throw new Error('KK_TEST_PG_URL is not set: the jest global setup starts PostgreSQL');
  const name = `kk_${process.pid}_${Date.now()}_${dbCounter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  return base.replace(/\/[^/]*$/, `/${name}`);
}

/** A data directory; for the embedded database (`pgdata`) with a copy of the run's initialised template when there is one. */
export function freshDataDir({ pgdata = true }: { pgdata?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'kk-test-'));
  const template = process.env.KK_PGLITE_TEMPLATE;
  if (pgdata && template && existsSync(join(template, 'pgdata', 'PG_VERSION')))
    cpSync(join(template, 'pgdata'), join(dir, 'pgdata'), { recursive: true });
  return dir;
}

/**
 * Configuration of a test server on a free loopback port, on this project's driver. On PostgreSQL its
 * database is a copy of the run's migrated template (jest's global setup): a start then migrates
 * nothing, as a server restarted on its own database does.
 */
export async function testConfig(overrides: Partial<ServerConfig> = {}): Promise<ServerConfig> {
  const base = configFromEnv({ KK_QUIET: '1' });
  const databaseUrl =
    'databaseUrl' in overrides
      ? overrides.databaseUrl
      : testDriver() === 'postgres'
        ? await freshPostgresDatabase(process.env.KK_TEST_PG_TEMPLATE)
        : undefined;
  return {
    ...base,
    port: 0,
    host: '127.0.0.1',
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    seedDemo: false,
    logging: false,
    ...overrides,
    databaseUrl,
    dataDir: overrides.dataDir ?? freshDataDir({ pgdata: !databaseUrl }),
  };
}

/** A running test server and its base URLs. */
export interface RunningServer {
  server: KKServer;
  config: ServerConfig;
  url: string;
  wsUrl: string;
  stop(): Promise<void>;
}

/** Starts a server in this process on the project's driver. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const config = await testConfig(overrides);
  const server = await createServer(config);
  const url = await server.listen();
  return {
    server,
    config,
    url,
    wsUrl: `${url.replace(/^http/, 'ws')}/ws`,
    async stop() {
      await server.close();
      if (!config.databaseUrl) rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
