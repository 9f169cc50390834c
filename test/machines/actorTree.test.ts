/**
 * docs/ARCHITECTURE.md's actor tree is generated from the machines (scripts/actorTree.mjs): it fails
 * here when a machine changed and the document was not regenerated (`npm run actor-tree`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { VIEW_ACTOR_CATALOGUE } from '../../machines/router/viewActorCatalogue';
import { SystemId } from '../../machines/systemIds';
import { moduleClients } from '../../src/modules/client';

const ROOT = resolve(__dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/actorTree.mjs');

/** Runs the generator with `args`: its exit code and output. */
function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('the actor tree of docs/ARCHITECTURE.md', () => {
  it('is what the machines generate now', () => {
    const { status, stderr } = run('--check');
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });

  it('names every core system id and every registered module actor, read from the machines', () => {
    const { status, stdout } = run('--print');
    expect(status).toBe(0);
    const moduleIds = moduleClients.flatMap((client) => (client.actors ?? []).map((actor) => actor.systemId));
    for (const id of [...Object.values(SystemId), ...moduleIds]) expect(stdout).toContain(`- \`${id}\` (system id)`);
    // Reached only by following the router into the cell machine, and the cell into its view actors.
    expect(stdout).toMatch(/- `cell` · machine `cell` · states [^\n]*one per open column/);
    expect(stdout).toMatch(/- `resource` · machine `resource` · states LOADING, READY, SAVING, REFUSED/);
  });

  it('draws every machine a view asks its cell for (the catalogues miss none)', () => {
    const sources = ['src', 'test/support'].flatMap((dir) =>
      (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => readFileSync(join(ROOT, dir, f), 'utf8')),
    );
    const asked = new Set(sources.flatMap((code) => [...code.matchAll(/useCellViewActor\(\s*cell,\s*[^,]+,\s*(\w+),/g)].map((m) => m[1]!)));
    // The core's catalogue, and each module's own (machines/<module>/viewActors.ts).
    const moduleCatalogues = readdirSync(join(ROOT, 'src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'machines', entry.name, 'viewActors.ts')))
      .map(
        (entry) =>
          jest.requireActual<{ VIEW_ACTORS: Record<string, { id: string }> }>(join(ROOT, 'machines', entry.name, 'viewActors.ts'))
            .VIEW_ACTORS,
      );
    const catalogued = new Set(
      [VIEW_ACTOR_CATALOGUE, ...moduleCatalogues].flatMap((catalogue) => Object.values(catalogue).map((logic) => `${logic.id}Machine`)),
    );
    expect(asked.size).toBeGreaterThan(5);
    for (const name of asked) expect({ name, catalogued: catalogued.has(name) }).toEqual({ name, catalogued: true });
  });

  it('fails the check when the document holds another tree', () => {
    const dir = mkdtempSync(join(tmpdir(), 'actor-tree-'));
    try {
      const copy = join(dir, 'ARCHITECTURE.md');
      writeFileSync(copy, readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8').replace('machine `router`', 'machine `routerOld`'));
      const { status, stderr } = run('--check', '--file', copy);
      expect(status).toBe(1);
      expect(stderr).toContain('stale');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
