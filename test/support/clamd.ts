import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Debian's clamav-daemon puts clamd. */
export const CLAMD_BIN = '/usr/sbin/clamd';

/** A file the test clamd takes for malware: its own signature database names it, offline. */
export const TEST_MALWARE = Buffer.from('KnowledgeKeeper test file: the scanner is told this is malware.\n');
/** The name clamd reports for TEST_MALWARE (a signature of a local database is marked UNOFFICIAL). */
export const TEST_SIGNATURE = 'KK.Test.Malware.UNOFFICIAL';

/** A throwaway clamd on a unix socket with a one-signature database. */
export interface TestClamd {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts clamd with a database of one hash signature (TEST_MALWARE), so scans are real and need no
 * signature download; answers once its socket accepts connections.
 */
export async function startTestClamd(): Promise<TestClamd> {
  const dir = mkdtempSync(join(tmpdir(), 'kk-clamd-'));
  mkdirSync(join(dir, 'db'));
  const md5 = createHash('md5').update(TEST_MALWARE).digest('hex');
  writeFileSync(join(dir, 'db', 'kk.hdb'), `${md5}:${TEST_MALWARE.length}:KK.Test.Malware\n`);
  const socket = join(dir, 'clamd.sock');
  writeFileSync(
    join(dir, 'clamd.conf'),
    [
      'Foreground yes',
      `DatabaseDirectory ${join(dir, 'db')}`,
      `LocalSocket ${socket}`,
      `PidFile ${join(dir, 'clamd.pid')}`,
      ...(process.getuid?.() === 0 ? ['User root'] : []),
      'StreamMaxLength 100M',
      'SelfCheck 0',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(CLAMD_BIN, ['-c', join(dir, 'clamd.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 200 && !existsSync(socket); i++) {
    if (child.exitCode !== null) throw new Error(`clamd exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!existsSync(socket)) throw new Error('clamd did not open its socket within 10 s');
  return {
    url: `unix:${socket}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
