import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from '../../support/protocolClient';
import { spawnServerProcess, startServerProcess } from '../../support/serverProcess';
import { ADMIN, freshDataDir } from '../../support/testServer';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kk-datadir-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a second process cannot open the same data directory', async () => {
  dir = freshDataDir();
  const first = await startServerProcess({ DATA_DIR: dir });
  const second = spawnServerProcess({ DATA_DIR: dir });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain(`in use by process ${first.child.pid}`);
  // The first one is unharmed.
  expect(await signIn(first.url, ADMIN.email, ADMIN.password)).toBeTruthy();
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(existsSync(join(dir, 'kk.lock'))).toBe(false);
});

test('a lock left by a killed process is taken over', async () => {
  dir = freshDataDir();
  const first = await startServerProcess({ DATA_DIR: dir });
  first.child.kill('SIGKILL');
  await first.exited;
  expect(existsSync(join(dir, 'kk.lock'))).toBe(true);
  const second = await startServerProcess({ DATA_DIR: dir });
  expect(await signIn(second.url, ADMIN.email, ADMIN.password)).toBeTruthy();
  second.child.kill('SIGTERM');
  await second.exited;
});

test('a half-initialised database directory is refused with a clear message', async () => {
  mkdirSync(join(dir, 'pgdata'));
  writeFileSync(join(dir, 'pgdata', 'postgresql.conf'), '');
  const srv = spawnServerProcess({ DATA_DIR: dir });
  expect(await srv.exited).toBe(1);
  expect(srv.output()).toMatch(/could not start: The embedded database in .*pgdata is incomplete/);
});

test('an initialisation interrupted before it finished is started afresh', async () => {
  mkdirSync(join(dir, 'pgdata.initialising'));
  writeFileSync(join(dir, 'pgdata.initialising', 'PG_VERSION'), '17');
  const srv = await startServerProcess({ DATA_DIR: dir });
  expect(await signIn(srv.url, ADMIN.email, ADMIN.password)).toBeTruthy();
  srv.child.kill('SIGTERM');
  await srv.exited;
});
