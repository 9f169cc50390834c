/**
 * What the browser bundle's formatjs takes for `@formatjs/icu-messageformat-parser` (esbuild.config.mjs
 * aliases it): the parser's types and helpers without the parser, and a `parse` that answers the
 * build's compiled ASTs, reads simple messages itself, and hands the rest to the full parser once
 * loaded (fullParserModule.ts). Never imported by name; tests use the real parser.
 */
import type { MessageFormatElement, ParserOptions } from '@formatjs/icu-messageformat-parser';
import { compiledMessages } from './compiledMessages';
import { fullParser } from './fullParserModule';
import { parseSimple } from './lightParser';

export * from '@formatjs/icu-messageformat-parser/no-parser.js';

/** The message's AST; throws while the full parser a message needs is loading (formatjs then shows the text as written). */
export function parse(message: string, options?: ParserOptions): MessageFormatElement[] {
  const known = Object.hasOwn(compiledMessages, message) ? compiledMessages[message]! : parseSimple(message);
  if (known) return known;
  const full = fullParser.current();
  if (full) return full.parse(message, options);
  void fullParser.load().catch(() => undefined);
  throw new Error(`the message parser is loading: ${message}`);
}
