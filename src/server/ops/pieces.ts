/**
 * An answer made of many parts (a map's 100,000 features), sent as it is read when the request asked
 * to be streamed (docs/modules.md §10): each part a piece of its own, so no frame holds the whole;
 * asked for unstreamed, the parts joined into one reply as the browser would join the pieces.
 */
import { OpError } from '../OpError';
import type { OpContext } from './OpContext';

/** Thrown to stop reading parts once no one listens; the stream is over, so its answer reaches no one. */
export class NoOneListens extends OpError {
  constructor() {
    super('generalFailure', 'The stream was closed before its last piece');
  }
}

/**
 * Answers `parts` (lists read one after the other): streamed, every part but the last goes out as a
 * piece as soon as it is read and the last is the reply; unstreamed, the parts are concatenated.
 * A part that fails to be read fails the request after the pieces already sent.
 */
export async function answerInPieces<T>(ctx: OpContext, parts: AsyncIterable<readonly T[]>): Promise<T[]> {
  if (!ctx.piece) {
    const all: T[] = [];
    for await (const part of parts) all.push(...part);
    return all;
  }
  let held: readonly T[] | null = null;
  for await (const part of parts) {
    if (held && !(await ctx.piece(held))) throw new NoOneListens();
    held = part;
  }
  return [...(held ?? [])];
}
