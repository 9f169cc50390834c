import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clamdAddress, ScannerUnavailableError, VirusScanner } from '../../../src/server/files/VirusScanner';
import { startTestClamd, TEST_MALWARE, TEST_SIGNATURE, type TestClamd } from '../../support/clamd';

// The scanner does not touch the database: one driver is enough.
let clamd: TestClamd;
let dir: string;

beforeAll(async () => {
  clamd = await startTestClamd();
  dir = mkdtempSync(join(tmpdir(), 'kk-scan-'));
});
afterAll(async () => {
  await clamd?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('CLAMD_URL names a unix socket or a TCP address, nothing else', () => {
  expect(clamdAddress('unix:/run/clamav/clamd.ctl')).toEqual({ socket: '/run/clamav/clamd.ctl' });
  expect(clamdAddress('tcp://scanner.internal:3310')).toEqual({ host: 'scanner.internal', port: 3310 });
  expect(() => clamdAddress('unix:clamd.ctl')).toThrow(/absolute/);
  expect(() => clamdAddress('http://scanner:3310')).toThrow(/unix:\/path or tcp/);
});

test('a file matching a signature is found with its name, a clean one passes', async () => {
  const scanner = await VirusScanner.connect(clamd.url);
  writeFileSync(join(dir, 'bad.bin'), TEST_MALWARE);
  writeFileSync(join(dir, 'good.txt'), 'Minutes of the lands committee, 12 March.\n');
  expect(await scanner.scan(join(dir, 'bad.bin'))).toEqual({ infected: true, viruses: [TEST_SIGNATURE] });
  expect(await scanner.scan(join(dir, 'good.txt'))).toEqual({ infected: false, viruses: [] });
});

test('a scanner that does not answer is an error, never a clean verdict', async () => {
  const gone = await startTestClamd();
  const scanner = await VirusScanner.connect(gone.url);
  await gone.stop();
  writeFileSync(join(dir, 'any.txt'), 'anything');
  await expect(scanner.scan(join(dir, 'any.txt'))).rejects.toBeInstanceOf(ScannerUnavailableError);
  await expect(VirusScanner.connect(gone.url)).rejects.toBeInstanceOf(ScannerUnavailableError);
});
