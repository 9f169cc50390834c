/** What the benchmark scripts share: percentiles, and waiting for a child process to say something. */
import type { ChildProcess } from 'node:child_process';

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
