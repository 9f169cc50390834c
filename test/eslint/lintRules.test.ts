import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../..');
const fixtures = path.join(root, 'test/support/lintFixtures');

/** Lints the fixture tree with the project's own config, as if the fixtures were the repository. */
async function lintFixtures(): Promise<Map<string, ESLint.LintResult['messages']>> {
  const eslint = new ESLint({
    cwd: fixtures,
    overrideConfigFile: path.join(root, 'eslint.config.mjs'),
    // The rules under test need no types; without them the run skips building the whole program.
    overrideConfig: {
      languageOptions: { parserOptions: { project: false, projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
  const results = await eslint.lintFiles(['.']);
  return new Map(results.map((result) => [path.relative(fixtures, result.filePath), result.messages]));
}

describe('the local lint rules', () => {
  let byFile: Map<string, ESLint.LintResult['messages']>;
  beforeAll(async () => {
    byFile = await lintFixtures();
  });
  const rulesOf = (file: string): Array<string | null> => (byFile.get(file) ?? []).map((message) => message.ruleId);

  it('reports every import of a cycle that only type imports close', () => {
    for (const file of ['first', 'second', 'third']) {
      expect(rulesOf(`src/shared/cycle/${file}.ts`)).toEqual(['local/no-import-cycles']);
    }
    expect(byFile.get('src/shared/cycle/first.ts')?.[0]?.message).toBe(
      'Import cycle: src/shared/cycle/first.ts -> src/shared/cycle/second.ts -> src/shared/cycle/third.ts -> src/shared/cycle/first.ts.',
    );
  });

  it('leaves a pair without a cycle alone', () => {
    expect(byFile.has('src/shared/clean/user.ts')).toBe(true);
    expect(rulesOf('src/shared/clean/user.ts')).toEqual([]);
    expect(rulesOf('src/shared/clean/leaf.ts')).toEqual([]);
  });

  it('refuses a statechart that imports react, and only that import', () => {
    const messages = byFile.get('machines/reactMachine.ts') ?? [];
    expect(messages.map((message) => [message.ruleId, message.line])).toEqual([['local/import-boundaries', 2]]);
    expect(messages[0]?.message).toContain('(imports react)');
  });
});
