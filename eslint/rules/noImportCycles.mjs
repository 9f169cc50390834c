/**
 * local/no-import-cycles: refuses an import that lies on a cycle of imports, counting type-only
 * imports (import-x's no-cycle skips them). The message names a shortest cycle through the import,
 * and the size of the whole knot when the cycle is part of a larger one.
 */
import path from 'node:path';
import { importVisitors } from '../importSources.mjs';
import { isCycleEdge, resolveImport, shortestCycle, componentOfFile } from '../importGraph.mjs';

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles, type-only imports included' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{cycle}}.{{knot}}',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const relative = (target) => path.relative(context.cwd, target).split(path.sep).join('/');
    return importVisitors((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (!target || !isCycleEdge(file, target)) return;
      const cycle = shortestCycle(file, target);
      const size = componentOfFile(file).size;
      const knot = size > cycle.length - 1 ? ` It is part of a knot of ${size} files that import each other.` : '';
      context.report({ node, messageId: 'cycle', data: { cycle: cycle.map(relative).join(' -> '), knot } });
    });
  },
};
