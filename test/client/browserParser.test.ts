/**
 * The browser reads its messages without the ICU parser in the first download (esbuild.config.mjs,
 * browserMessages): the light parser reads simple messages exactly as the full parser does, the build
 * compiles every bundled message it cannot read, and anything else waits for the full parser's chunk.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as browserParse } from '../../src/client/i18n/browserParser';
import { bundledMessages } from '../../src/client/i18n/createAppIntl';
import { fullParser, needsFullParser } from '../../src/client/i18n/fullParserModule';
import { parseSimple } from '../../src/client/i18n/lightParser';
import { loadAllScreens } from '../../src/client/modules/moduleRegistry';

let messages: string[];
beforeAll(async () => {
  await loadAllScreens();
  messages = [...new Set(Object.values(bundledMessages()))];
});

/** What the browser build compiles, computed by the build script itself (a native ES module, run in node). */
function compiledByTheBuild(): Record<string, unknown> {
  const script = pathToFileURL(join(__dirname, '..', '..', 'esbuild.config.mjs')).href;
  const code = `const { compileBundledMessages } = await import(${JSON.stringify(script)}); console.log(JSON.stringify(await compileBundledMessages()));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', cwd: join(__dirname, '..', '..') });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe('messages without the ICU parser', () => {
  it('reads every simple bundled message as the full parser does', () => {
    const simple = messages.filter((message) => parseSimple(message) !== null);
    expect(simple.length).toBeGreaterThan(messages.length * 0.9);
    for (const message of simple) expect({ message, ast: parseSimple(message) }).toEqual({ message, ast: parse(message) });
    expect(parseSimple('{count, plural, one {# item} other {# items}}')).toBeNull();
    expect(parseSimple("What's new")).toBeNull();
    expect(parseSimple('<b>bold</b>')).toBeNull();
    expect(parseSimple('Hello {name}, {count} new')).toEqual(parse('Hello {name}, {count} new'));
  });

  it('has the build compile every bundled message the light parser cannot read, as the full parser does', () => {
    const compiled = compiledByTheBuild();
    const others = messages.filter((message) => parseSimple(message) === null);
    expect(others.length).toBeGreaterThan(0);
    for (const message of others) expect({ message, ast: compiled[message] }).toEqual({ message, ast: parse(message) });
  }, 60_000);

  it('loads the full parser for a message nobody compiled, and reads it once loaded', async () => {
    const site = { 'app.greeting': '{n, plural, one {# visitor} other {# visitors}} today' };
    expect(needsFullParser({ 'app.plain': 'Welcome, {name}', 'app.restored': null })).toBe(false);
    expect(needsFullParser(site)).toBe(true);
    expect(fullParser.current()).toBeNull();
    expect(browserParse('Welcome, {name}')).toEqual(parse('Welcome, {name}'));
    expect(() => browserParse(site['app.greeting'])).toThrow('the message parser is loading');
    await fullParser.load();
    expect(browserParse(site['app.greeting'])).toEqual(parse(site['app.greeting']));
  });
});
