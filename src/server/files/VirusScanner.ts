import { createReadStream } from 'node:fs';
import NodeClam from 'clamscan';

/** What a scan found: the names of the signatures that matched (none for a clean file). */
export interface ScanResult {
  infected: boolean;
  viruses: string[];
}

/** The scanner could not be asked (clamd down or unreachable): the file's safety is unknown. */
export class ScannerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScannerUnavailableError';
  }
}

/** How long one file's scan may take before the scanner is taken for unavailable, in ms. */
const SCAN_TIMEOUT_MS = 120_000;

/** Where clamd listens, from `CLAMD_URL`: `unix:/path/to/clamd.sock` or `tcp://host:port`. */
export function clamdAddress(url: string): { socket: string } | { host: string; port: number } {
  if (url.startsWith('unix:')) {
    const socket = url.slice('unix:'.length).replace(/^\/\/(?=\/)/, '');
    if (!socket.startsWith('/')) throw new Error(`CLAMD_URL ${url} must name an absolute socket path (unix:/run/clamav/clamd.ctl)`);
    return { socket };
  }
  const u = new URL(url);
  if (u.protocol !== 'tcp:' || !u.hostname || !u.port) throw new Error(`CLAMD_URL ${url} must be unix:/path or tcp://host:port`);
  return { host: u.hostname, port: Number(u.port) };
}

/**
 * Scans stored files with ClamAV's daemon (ASVS 5.4.3), streaming each file to it (INSTREAM), so
 * clamd may run on another machine and never needs to read the data directory.
 */
export class VirusScanner {
  private constructor(private readonly clam: NodeClam) {}

  /**
   * A scanner for clamd at `url`. It is not asked yet: a server whose scanner is down still starts,
   * and refuses uploads until the scanner answers again.
   */
  static async forUrl(url: string): Promise<VirusScanner> {
    const clam = await new NodeClam().init({
      removeInfected: false,
      quarantineInfected: false,
      debugMode: false,
      clamscan: { active: false },
      clamdscan: { ...clamdAddress(url), timeout: SCAN_TIMEOUT_MS, localFallback: false, active: true, bypassTest: true },
      preference: 'clamdscan',
    });
    return new VirusScanner(clam);
  }

  /** Connects to clamd at `url` and checks that it answers. */
  static async connect(url: string): Promise<VirusScanner> {
    const scanner = await VirusScanner.forUrl(url);
    await scanner.ping();
    return scanner;
  }

  /** Answers when clamd does; throws ScannerUnavailableError when it does not. */
  async ping(): Promise<void> {
    try {
      const socket = await this.clam.ping();
      socket.end();
    } catch (e) {
      throw new ScannerUnavailableError(`The virus scanner does not answer: ${(e as Error).message}`);
    }
  }

  /** Scans the file at `path`. */
  async scan(path: string): Promise<ScanResult> {
    let result: { isInfected: boolean | null; viruses: string[] };
    try {
      result = await this.clam.scanStream(createReadStream(path));
    } catch (e) {
      throw new ScannerUnavailableError(`The virus scanner could not scan the file: ${(e as Error).message}`);
    }
    if (result.isInfected === null) throw new ScannerUnavailableError('The virus scanner gave no verdict');
    return { infected: result.isInfected, viruses: result.viruses ?? [] };
  }
}
