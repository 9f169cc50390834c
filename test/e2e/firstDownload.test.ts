/**
 * The first download (DESIGN.md performance goals): the JavaScript a browser loads before the first
 * render of the built bundle (dist/public, built by scripts/test.mjs before the browser tests) stays
 * under 250 KB gzipped, and what loads when it is needed stays out of it: Radix (menus and dialogs),
 * date-fns and the ICU message parser (docs/decisions.md, "The first download back under 250 KB").
 * `npm run bench:client` measures the same files, and lists their largest parts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(__dirname, '..', '..');
const publicDir = join(root, 'dist/public');

/** The page's scripts and every chunk they import statically, as the browser loads them before the first render. */
function initialScripts(): string[] {
  const manifest = JSON.parse(readFileSync(join(publicDir, 'manifest.json'), 'utf8')) as { early?: string; scripts: string[] };
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = readFileSync(join(publicDir, path), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g))
      visit(join(dirname(path), match[1]!).split('\\').join('/'));
  };
  [...(manifest.early ? [manifest.early] : []), ...manifest.scripts].forEach(visit);
  return [...seen];
}

describe('the first download', () => {
  const scripts = initialScripts();

  it('is under 250 KB gzipped', () => {
    const gzipped = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(publicDir, file))).length, 0);
    expect(gzipped / 1024).toBeLessThan(250);
  });

  it('leaves out what loads when it is needed: menus and dialogs, date-fns, the ICU parser', () => {
    const { outputs } = JSON.parse(readFileSync(join(root, 'dist/.tmp/client-metafile.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const inputs = scripts.flatMap((file) => Object.keys(outputs[`dist/public/${file}`]?.inputs ?? {}));
    expect(inputs.length).toBeGreaterThan(100);
    const lazy =
      /node_modules\/(@radix-ui|@floating-ui|date-fns|@formatjs\/icu-skeleton-parser)\/|node_modules\/@formatjs\/icu-messageformat-parser\/index\.js/;
    expect(inputs.filter((input) => lazy.test(input))).toEqual([]);
  });
});
