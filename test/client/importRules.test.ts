import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const CLIENT = join(ROOT, 'src/client');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(path) ? [path] : [];
  });
}

const IMPORT = /(?:^\s*(?:import|export)\s[^'"]*?from\s+|import\()\s*['"]([^'"]+)['"]/gm;

// DESIGN.md: src/client never imports src/server; browser code reaches the server only over the wire.
describe('src/client import rules', () => {
  it('never imports the server or node built-ins', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(CLIENT)) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        if (!specifier) continue;
        const target = specifier.startsWith('.') ? relative(ROOT, resolve(dirname(file), specifier)) : specifier;
        if (target.startsWith('src/server') || target.startsWith('node:')) offences.push(`${relative(ROOT, file)} imports ${specifier}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('finds the imports it checks', () => {
    const app = readFileSync(join(CLIENT, 'app/AppRoutes.tsx'), 'utf8');
    expect([...app.matchAll(IMPORT)].length).toBeGreaterThan(10);
  });
});
