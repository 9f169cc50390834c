/** The project's own lint rules, registered in eslint.config.mjs as the plugin `local`. */
import { importBoundaries } from './rules/importBoundaries.mjs';
import { noImportCycles } from './rules/noImportCycles.mjs';

export const localPlugin = {
  meta: { name: 'local' },
  rules: {
    'import-boundaries': importBoundaries,
    'no-import-cycles': noImportCycles,
  },
};
