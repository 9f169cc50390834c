/**
 * The bundled messages the light parser cannot read (plurals, selects, formats, apostrophes), as the
 * full parser's ASTs keyed by their text. Empty here: the browser build fills it (esbuild.config.mjs,
 * `browserMessages`), so the first download carries no ICU parser. Tests read every message with the full parser.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export const compiledMessages: Readonly<Record<string, MessageFormatElement[]>> = {};
