/** The full ICU parser, a chunk of its own: for messages neither compiled at build time nor simple (browserParser.ts). */
export { parse } from '@formatjs/icu-messageformat-parser';
