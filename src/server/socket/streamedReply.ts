import type { Frame } from '../../shared/protocol';
import { READ_MANY_MAX } from '../../shared/protocol/requestSchemas';
import type { Dispatcher } from '../ops/Dispatcher';
import type { OpContext } from '../ops/OpContext';

/** Ids read per piece of a streamed `readMany/object`. */
export const STREAM_PIECE_IDS = 25;

/**
 * The requests a streamed request is answered by, one per piece: `readMany/object`'s list of ids in
 * parts of STREAM_PIECE_IDS (each read, checked and answered on its own, so the first rows leave
 * before the last are read); any other operation is one piece, its whole reply. A list longer than
 * readMany takes is not split, so it is refused whole as it would be unstreamed.
 */
export function pieceRequests(frame: Frame): Frame[] {
  if (frame.o === 'readMany/object' && Array.isArray(frame.b) && frame.b.length > STREAM_PIECE_IDS && frame.b.length <= READ_MANY_MAX) {
    const ids = frame.b as unknown[];
    const parts: Frame[] = [];
    for (let i = 0; i < ids.length; i += STREAM_PIECE_IDS) parts.push({ ...frame, b: ids.slice(i, i + STREAM_PIECE_IDS) });
    return parts;
  }
  return [frame];
}

/**
 * Answers `frame` piece by piece through the dispatcher: `send` gets each piece's reply frame (the
 * request's `o` and `s`, the piece as `b`) and whether it is the last (an operation answered as one
 * piece may send pieces of its own ahead of its reply through `ctx.piece`, pieces.ts); a piece that fails is sent
 * erred and ends the stream, the pieces before it having gone out. `send` answering false (its
 * socket closed) stops the pieces still to read.
 */
export async function streamPieces(
  dispatcher: Dispatcher,
  ctx: OpContext,
  frame: Frame,
  send: (reply: Frame, last: boolean) => Promise<boolean | void> | boolean | void,
): Promise<void> {
  const { stream: _asked, ...request } = frame;
  const parts = pieceRequests(request);
  let listening = true;
  for (let i = 0; i < parts.length; i++) {
    // A handler answering in pieces of its own (pieces.ts) sends each ahead of its reply, the last.
    const own: OpContext =
      parts.length === 1
        ? {
            ...ctx,
            piece: async (part) => {
              if (listening)
                listening = (await send({ o: frame.o, ...(frame.s === undefined ? {} : { s: frame.s }), b: part }, false)) !== false;
              return listening;
            },
          }
        : ctx;
    const reply = await dispatcher.dispatch(own, parts[i]!);
    if (!listening) return;
    const last = reply.erred === true || i === parts.length - 1;
    if ((await send(reply, last)) === false || last) return;
  }
}
