/**
 * The ICU messages the browser reads without the full parser (about 45 KB minified with its skeleton
 * parser): plain text, and text with simple `{name}` arguments, which are nearly all of the catalogue.
 * Anything else (plurals, selects, formats, apostrophes, tags) answers null.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const SIMPLE = /^(?:[^{}<']|\{[A-Za-z_][\w.-]*\})*$/;
const ARGUMENT = /\{([A-Za-z_][\w.-]*)\}/g;

/** The message's AST as the full parser builds it, for a simple message; null for any other. */
export function parseSimple(message: string): MessageFormatElement[] | null {
  if (!SIMPLE.test(message)) return null;
  const elements: MessageFormatElement[] = [];
  let at = 0;
  for (const match of message.matchAll(ARGUMENT)) {
    if (match.index > at) elements.push({ type: 0, value: message.slice(at, match.index) });
    elements.push({ type: 1, value: match[1]! });
    at = match.index + match[0].length;
  }
  if (at < message.length) elements.push({ type: 0, value: message.slice(at) });
  return elements;
}
