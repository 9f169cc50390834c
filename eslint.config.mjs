/**
 * ESLint: correctness rules with types (no floating promises), the design's import rules and the
 * no-cycles rule (eslint/rules/). Formatting is prettier's alone: no rule here is about layout.
 * Run from the repository root (`npm run lint`): the local rules read paths relative to it.
 */
import fs from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { localPlugin } from './eslint/plugin.mjs';

/** The domain modules: one folder each under src/modules, with its statecharts in machines/<name>. */
const moduleNames = fs
  .readdirSync(new URL('./src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The registry files: the only core files that name the modules. */
const registries = ['src/modules/index.ts', 'src/modules/client.ts', 'src/modules/server.ts'];

const boundaries = [
  {
    files: ['machines/**'],
    except: moduleNames.map((name) => `machines/${name}/**`),
    allowPackages: ['xstate', 'xstate/**'],
    allowPaths: ['machines/**', 'src/shared/**'],
    message: 'A statechart imports only xstate, src/shared and other statecharts',
  },
  // A module's statecharts may also read its own shared files (model, operations, rules): never its browser or server part.
  ...moduleNames.flatMap((name) => [
    {
      files: [`machines/${name}/**`],
      allowPackages: ['xstate', 'xstate/**'],
      allowPaths: ['machines/**', 'src/shared/**', `src/modules/${name}/*.ts`],
      message: "A module's statechart imports only xstate, src/shared, statecharts and its own module's shared files",
    },
    {
      files: [`machines/${name}/**`],
      denyPaths: [`src/modules/${name}/client.ts`, `src/modules/${name}/server.ts`],
      message: "A module's statechart never imports its module's browser or server part",
    },
  ]),
  {
    files: ['src/client/**'],
    denyPaths: ['src/server/**'],
    denyBuiltins: true,
    message: 'The browser never imports the server or Node built-ins',
  },
  { files: ['src/server/**'], denyPaths: ['src/client/**'], message: 'The server never imports the browser' },
  {
    files: ['src/modules/*/ui/**', 'src/modules/*/client.ts', 'src/modules/*/model.ts'],
    denyPaths: ['**/server.ts', 'src/server/**'],
    message: "A module's browser side never imports a server part",
  },
  ...moduleNames.map((name) => ({
    files: ['**'],
    except: [`src/modules/${name}/**`, `machines/${name}/**`, ...registries, 'test/**'],
    denyPaths: [`src/modules/${name}/**`, `machines/${name}/**`],
    message: `Core never imports a module: only the registry files name "${name}"`,
  })),
];

export default defineConfig([
  globalIgnores(['node_modules/', 'dist/', 'data/', 'public/', 'coverage/', '.tmp/', 'test/support/lintFixtures/']),
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { local: localPlugin },
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // The one program of tsconfig.json (which includes every TypeScript file), rather than the project
      // service: the same rules in 88 s rather than 103 s.
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // As tsc's noUnusedLocals: `const { dropped, ...rest } = x` is how the code omits a key.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      'local/no-import-cycles': 'error',
      'local/import-boundaries': ['error', { boundaries }],
    },
  },
  {
    // The .mjs/.js scripts and config files are outside tsconfig.json: linted without types.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['test/**'],
    languageOptions: { globals: globals.jest },
  },
]);
