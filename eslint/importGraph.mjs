/**
 * The import graph shared by the local lint rules: resolves relative specifiers to files and finds
 * the strongly connected components (import cycles) of the files reachable from the linted ones.
 *
 * Every kind of import counts as an edge: static imports, `import type`, `export ... from`, dynamic
 * `import()`, `typeof import()` and `require()`. A type-only cycle still ties the files together
 * (none can be read, moved or deleted without the others), so it is a cycle too.
 *
 * The graph is built lazily from disk and cached for the life of the process: one lint run sees
 * each file once, and the components are computed once (Tarjan's algorithm, run on demand from each
 * newly linted file; components already found never change, because every edge out of them has
 * already been followed).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];
const PARSED = /\.(?:[cm]?[jt]sx?)$/;

/** @type {Map<string, boolean>} */
const isFileCache = new Map();
/** @type {Map<string, string | null>} */
const resolveCache = new Map();
/** @type {Map<string, string[]>} */
const edgesCache = new Map();

function isFile(file) {
  let known = isFileCache.get(file);
  if (known === undefined) {
    try {
      known = fs.statSync(file).isFile();
    } catch {
      known = false;
    }
    isFileCache.set(file, known);
  }
  return known;
}

/** True when the specifier names a file rather than a package. */
export function isRelative(specifier) {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..' || specifier.startsWith('/');
}

/** The absolute file a relative specifier in `fromFile` names, or null when there is none. */
export function resolveImport(fromFile, specifier) {
  if (!isRelative(specifier)) return null;
  const key = `${path.dirname(fromFile)}\0${specifier}`;
  if (resolveCache.has(key)) return resolveCache.get(key);
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, 'index' + ext))];
  // TypeScript's ESM convention: `./x.js` names `./x.ts`.
  if (/\.[cm]?js$/.test(base)) {
    const stem = base.replace(/\.([cm]?)js$/, '');
    candidates.push(stem + '.ts', stem + '.tsx', stem + '.mts', stem + '.cts');
  }
  const found = candidates.find(isFile) ?? null;
  resolveCache.set(key, found);
  return found;
}

/** The files `file` imports (resolved relative imports only, every kind of import). */
export function importsOf(file) {
  let edges = edgesCache.get(file);
  if (edges) return edges;
  edges = [];
  if (PARSED.test(file)) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      // An unreadable file has no edges; the resolver already said it exists, so this is a race.
    }
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const seen = new Set();
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (target && !seen.has(target)) {
        seen.add(target);
        edges.push(target);
      }
    }
  }
  edgesCache.set(file, edges);
  return edges;
}

// Tarjan's state, kept across calls (see the header).
/** @type {Map<string, number>} */
const indexOf = new Map();
/** @type {Map<string, number>} */
const lowOf = new Map();
/** @type {Set<string>} */
const onStack = new Set();
/** @type {string[]} */
const stack = [];
/** @type {Map<string, Set<string>>} */
const componentOf = new Map();
let nextIndex = 0;

function strongConnect(root) {
  // Iterative, so a deep chain of imports cannot overflow the call stack.
  /** @type {Array<{ file: string, edges: string[], at: number }>} */
  const work = [];
  const visit = (file) => {
    indexOf.set(file, nextIndex);
    lowOf.set(file, nextIndex);
    nextIndex += 1;
    stack.push(file);
    onStack.add(file);
    work.push({ file, edges: importsOf(file), at: 0 });
  };
  visit(root);
  while (work.length > 0) {
    const frame = work[work.length - 1];
    if (frame.at < frame.edges.length) {
      const next = frame.edges[frame.at];
      frame.at += 1;
      if (!indexOf.has(next)) {
        visit(next);
      } else if (onStack.has(next)) {
        lowOf.set(frame.file, Math.min(lowOf.get(frame.file), indexOf.get(next)));
      }
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1].file;
      lowOf.set(parent, Math.min(lowOf.get(parent), lowOf.get(frame.file)));
    }
    if (lowOf.get(frame.file) === indexOf.get(frame.file)) {
      const component = new Set();
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.add(member);
      } while (member !== frame.file);
      for (const file of component) componentOf.set(file, component);
    }
  }
}

/** The set of files in `file`'s strongly connected component (itself alone when it is in no cycle). */
export function componentOfFile(file) {
  if (!indexOf.has(file)) strongConnect(file);
  return componentOf.get(file);
}

/** True when the import `from -> to` lies on a cycle. */
export function isCycleEdge(from, to) {
  const component = componentOfFile(from);
  if (!component.has(to)) return false;
  return component.size > 1 || importsOf(from).includes(from);
}

/** A shortest cycle through the edge `from -> to`: [from, to, ..., from]. */
export function shortestCycle(from, to) {
  const component = componentOfFile(from);
  /** @type {Map<string, string | null>} */
  const previous = new Map([[to, null]]);
  const queue = [to];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === from) break;
    for (const next of importsOf(file)) {
      if (component.has(next) && !previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  const back = [];
  for (let file = from; file !== null && file !== undefined; file = previous.get(file)) back.push(file);
  return [from, ...back.reverse()];
}
