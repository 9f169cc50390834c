/**
 * The full ICU parser, loaded only for a message the browser cannot read without it: a site text or
 * a module screen's message with a plural, a select or a format that the build did not compile.
 */
import { lazyModule } from '../shell/lazyModule';
import { compiledMessages } from './compiledMessages';
import { parseSimple } from './lightParser';

export const fullParser = lazyModule(() => import('./fullParser'));

/** Whether a message of `messages` needs the full parser (null messages are bundled ones restored). */
export const needsFullParser = (messages: Readonly<Record<string, string | null>>): boolean =>
  Object.values(messages).some(
    (message) => typeof message === 'string' && !Object.hasOwn(compiledMessages, message) && parseSimple(message) === null,
  );

/** Loads the full parser when `messages` need it; never fails (a message it could not read shows as written). */
export async function parserFor(messages: Readonly<Record<string, string | null>>): Promise<void> {
  if (needsFullParser(messages)) await fullParser.load().catch(() => undefined);
}
