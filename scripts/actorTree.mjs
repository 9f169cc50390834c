// npm run actor-tree: writes the browser's actor tree, read from the machine definitions themselves, into
// docs/ARCHITECTURE.md between its actor-tree markers; `--check` exits 1 when the file's tree is stale,
// `--print` writes the tree to stdout.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DOC = join(root, 'docs/ARCHITECTURE.md');
const START = '<!-- actor-tree:start -->';
const END = '<!-- actor-tree:end -->';

/** The modules whose statecharts include view actors (`machines/<module>/viewActors.ts`, which the app never imports). */
const moduleViewActorFiles = readdirSync(join(root, 'src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, 'machines', entry.name, 'viewActors.ts')))
  .map((entry) => entry.name);

// The root session, the registered modules' browser parts, and what a cell may hold (the core's and the modules' view actors).
const ENTRY = `
export { sessionMachine } from './machines/session/sessionMachine.ts';
export { moduleClients } from './src/modules/client.ts';
export { VIEW_ACTOR_CATALOGUE } from './machines/router/viewActorCatalogue.ts';
export { routerMachine } from './machines/router/routerMachine.ts';
export { cellMachine } from './machines/router/cellMachine.ts';
${moduleViewActorFiles.map((name) => `export { VIEW_ACTORS as viewActors_${name} } from './machines/${name}/viewActors.ts';`).join('\n')}
`;

/** Bundles the TypeScript sources (as scripts/exportMachines.mjs does) and imports them, without a file on disk. */
async function loadSources() {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
    // A module's screens load lazily (`import('./ui')`) and are not part of the actor tree.
    plugins: [
      {
        name: 'no-lazy-chunks',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
        },
      },
    ],
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

const isMachine = (logic) => Boolean(logic && typeof logic === 'object' && logic.root && logic.definition);

/** What kind of logic a non-machine actor is: the xstate creators leave no tag, so ask its transition function. */
function kindOf(logic) {
  if (isMachine(logic)) return 'machine';
  const answers = (type) => {
    try {
      return logic.transition({ status: 'active', context: undefined }, { type, data: 1 }, { self: {} })?.status === 'done';
    } catch {
      return false;
    }
  };
  if (answers('xstate.promise.resolve')) return 'promise';
  if (answers('xstate.observable.complete')) return 'observable';
  if (typeof logic.start === 'function') return 'callback';
  return 'transition';
}

const code = (text) => `\`${text}\``;

/** Top-level states of a machine (its regions when the root is parallel). */
function statesOf(machine) {
  const names = Object.keys(machine.root.states);
  if (names.length === 0) return 'no states';
  return `${machine.root.type === 'parallel' ? 'parallel regions' : 'states'} ${names.join(', ')}`;
}

/** Every state node of `node`'s subtree, itself first. */
function stateNodes(node) {
  return [node, ...Object.values(node.states).flatMap(stateNodes)];
}

/** The path of a state node below its machine's root ("" for the root). */
const pathOf = (node) => node.path.join('.');

/** The spawnChild actions among `actions`, named ones resolved through the machine's implementations. */
function spawnChildActions(machine, actions) {
  return actions.flatMap((action) => {
    const resolved =
      typeof action === 'string'
        ? machine.implementations.actions[action]
        : action && typeof action === 'object' && typeof action.type === 'string'
          ? machine.implementations.actions[action.type]
          : action;
    return resolved && resolved.type === 'xstate.spawnChild' ? [resolved] : [];
  });
}

/** Every actor a machine starts: spawnChild actions, invokes, and the named actors it only spawns on demand. */
function childrenOf(machine) {
  const named = machine.implementations.actors ?? {};
  const children = [];
  const used = new Set();
  const resolve = (src) => (typeof src === 'string' ? named[src] : src);
  const nameOf = (src) => (typeof src === 'string' ? src : (Object.keys(named).find((n) => named[n] === src) ?? null));

  for (const node of stateNodes(machine.root)) {
    const where = pathOf(node);
    const transitions = [...node.transitions.values()].flat().concat(node.always ?? []);
    const actions = [...node.entry, ...node.exit, ...transitions.flatMap((t) => t.actions ?? [])];
    for (const spawn of spawnChildActions(machine, actions)) {
      const name = nameOf(spawn.src);
      if (name) used.add(name);
      children.push({
        how: 'spawned',
        where,
        id: typeof spawn.systemId === 'string' ? spawn.systemId : typeof spawn.id === 'string' ? spawn.id : null,
        systemId: typeof spawn.systemId === 'string',
        name,
        logic: resolve(spawn.src),
      });
    }
    const invokes = Array.isArray(node.config.invoke) ? node.config.invoke : node.config.invoke ? [node.config.invoke] : [];
    for (const invoke of invokes) {
      const name = nameOf(invoke.src);
      if (name) used.add(name);
      children.push({
        how: 'invoked',
        where,
        id: invoke.systemId ?? invoke.id ?? null,
        systemId: typeof invoke.systemId === 'string',
        name,
        logic: resolve(invoke.src),
      });
    }
  }
  for (const [name, logic] of Object.entries(named)) {
    if (!used.has(name)) children.push({ how: 'on demand', where: null, id: null, systemId: false, name, logic });
  }
  return children;
}

/** The lines of one actor and, below it, its children's. */
function render(entry, depth, path, notes, extra = () => []) {
  const { logic } = entry;
  const label = entry.id ?? entry.name ?? '?';
  const parts = [code(label)];
  if (entry.systemId) parts[0] += ' (system id)';
  if (entry.name && entry.name !== label) parts.push(`as ${code(entry.name)}`);
  const kind = kindOf(logic);
  if (kind === 'machine') parts.push(`machine ${code(logic.id)}`, statesOf(logic));
  else parts.push(`${kind} logic`);
  const how = [entry.how === 'invoked' ? (entry.where ? `invoked in ${entry.where}` : 'invoked') : entry.how];
  if (entry.how === 'spawned' && entry.where) how[0] = `spawned in ${entry.where}`;
  if (entry.note) how.push(entry.note);
  const line = `${'  '.repeat(depth)}- ${parts.join(' · ')}${entry.how ? ` (${how.join('; ')})` : ''}`;
  if (kind !== 'machine' || path.includes(logic)) return [line];
  const children = [...childrenOf(logic), ...extra(logic)].map((child) => ({ ...child, note: child.note ?? notes(logic, child) }));
  return [line, ...children.flatMap((child) => render(child, depth + 1, [...path, logic], notes, extra))];
}

/** The markdown nested list of the browser's actor tree. */
export async function generateTree() {
  const sources = await loadSources();
  const { sessionMachine, moduleClients, routerMachine, cellMachine } = sources;
  const VIEW_ACTOR_CATALOGUE = {
    ...sources.VIEW_ACTOR_CATALOGUE,
    ...Object.assign({}, ...moduleViewActorFiles.map((name) => sources[`viewActors_${name}`])),
  };
  // What a machine's definition cannot say: how many of an on-demand actor there are.
  const notes = (parent, child) => {
    if (parent === routerMachine && child.logic === cellMachine) return 'one per open column';
    if (parent === cellMachine && child.how === 'on demand') return 'per open column';
    return undefined;
  };
  // A view's actor is not in the cell's definition: the view's request carries its logic (viewActors.ts).
  const viewActors = (logic) =>
    logic !== cellMachine
      ? []
      : Object.entries(VIEW_ACTOR_CATALOGUE).map(([name, viewLogic]) => ({
          how: 'spawned',
          where: null,
          id: null,
          systemId: false,
          name,
          logic: viewLogic,
          note: 'per open column, when its view asks with useCellViewActor, which sends the logic',
        }));
  const rootEntry = { how: null, id: 'session', systemId: true, name: null, logic: sessionMachine };
  const lines = render(rootEntry, 0, [], notes, viewActors);
  // The session spawns the modules' actors from its input (SessionInput.modules), so the definition cannot name them.
  for (const client of moduleClients) {
    for (const actor of client.actors ?? []) {
      lines.push(
        ...render(
          {
            how: 'spawned',
            where: null,
            id: actor.systemId,
            systemId: true,
            name: null,
            logic: actor.logic,
            note: `module ${code(client.name)}, from SessionInput.modules`,
          },
          1,
          [sessionMachine],
          notes,
        ),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `text` with its actor-tree section replaced by `tree`. */
export function withTree(text, tree) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`no ${START} ... ${END} section to write the tree into`);
  return `${text.slice(0, start + START.length)}\n\n${tree}\n${text.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const tree = await generateTree();
  if (args.includes('--print')) {
    process.stdout.write(tree);
    process.exit(0);
  }
  // `--file <path>`: another copy of the document (the test checks that a stale one is caught).
  const fileArg = args.indexOf('--file');
  const file = fileArg >= 0 ? args[fileArg + 1] : DOC;
  const shown = relative(process.cwd(), file) || file;
  const text = readFileSync(file, 'utf8');
  const next = withTree(text, tree);
  if (args.includes('--check')) {
    if (next !== text) {
      console.error(`${shown}: the actor tree is stale; run \`npm run actor-tree\`.`);
      process.exit(1);
    }
    console.log(`${shown}: the actor tree is current.`);
  } else if (next !== text) {
    writeFileSync(file, next);
    console.log(`${shown}: actor tree written.`);
  } else console.log(`${shown}: the actor tree was already current.`);
}
