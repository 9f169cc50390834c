import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const MACHINES = join(ROOT, 'machines');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm;

// DESIGN.md: machines/ imports only xstate and src/shared, so the same logic runs in the browser, jest and the server.
describe('machines/ import rules', () => {
  it('imports only xstate, src/shared and other machines', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(MACHINES)) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        if (!specifier) continue;
        if (specifier === 'xstate' || specifier.startsWith('xstate/')) continue;
        const target = specifier.startsWith('.') ? relative(ROOT, resolve(dirname(file), specifier)) : specifier;
        if (target.startsWith('machines/') || target.startsWith('src/shared/')) continue;
        // A module's statecharts (machines/<name>/) may read its own shared files, never its client or server part.
        const module = relative(MACHINES, file).split('/')[0];
        if (new RegExp(`^src/modules/${module}/(?!client$|server$)[^/]+$`).test(target)) continue;
        offences.push(`${relative(ROOT, file)} imports ${specifier}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('finds the imports it checks', () => {
    const session = readFileSync(join(MACHINES, 'session/sessionMachine.ts'), 'utf8');
    expect([...session.matchAll(IMPORT)].length).toBeGreaterThan(5);
  });
});
