import type { FastifyInstance } from 'fastify';
import { EXPECT_STREAM_HEADER, STREAM_DONE_HEADER, STREAM_KEY_HEADER } from '../../shared/constants';
import type { Frame, StreamKeyBody } from '../../shared/protocol';
import type { Dispatcher } from '../ops/Dispatcher';
import { OpError } from '../OpError';
import type { Services } from '../services';
import { streamPieces } from '../socket/streamedReply';
import { callerOf } from './bearer';

/** Largest POST /api/item body, in bytes: it carries what is too large for the socket. */
export const ITEM_POST_BODY_LIMIT = 32 * 1024 * 1024;

const erred = (o: string, s: number | undefined, e: OpError): Frame => ({
  o,
  ...(s === undefined ? {} : { s }),
  erred: true,
  b: e.toBody(),
});

/**
 * POST /api/item: the socket's messages over HTTP, through the same dispatcher. With
 * X-VGN-Expect-Stream (or the message's `stream` flag, as over the socket) the reply is answered in
 * pieces kept as a stream polled by GET /api/stream/{key}: each piece a reply frame, an erred one
 * ending it, x-vgn-stream-done true once the last has been taken.
 */
export function registerItemRoutes(app: FastifyInstance, services: Services, dispatcher: Dispatcher): void {
  app.post('/api/item', { bodyLimit: ITEM_POST_BODY_LIMIT }, async (request, reply) => {
    const frame = request.body as Frame | null;
    if (!frame || typeof frame !== 'object' || Array.isArray(frame) || typeof frame.o !== 'string') {
      return reply.code(400).send(erred('', undefined, new OpError('parseRequestFailed', 'The body must be a message {o, b, s}')));
    }
    let caller;
    try {
      caller = await callerOf(request, services);
    } catch (e) {
      if (e instanceof OpError) return reply.code(401).send(erred(frame.o, frame.s, e));
      throw e;
    }
    const ctx = { caller, services, connection: null };
    if (request.headers[EXPECT_STREAM_HEADER] === undefined && frame.stream !== true) return dispatcher.dispatch(ctx, frame);
    const key = await services.streams.open(caller?.userId ?? null);
    reply.header(STREAM_KEY_HEADER, key);
    void streamPieces(dispatcher, ctx, frame, (answer, last) => services.streams.append(key, [answer], last)).catch(async (e) => {
      // The poller learns it too, rather than waiting for a last piece that never comes.
      console.error('Streaming a reply failed:', e);
      const failed = erred(frame.o, frame.s, new OpError('generalFailure', 'The server could not complete the request'));
      await services.streams.append(key, [failed], true).catch(() => undefined);
    });
    const started: StreamKeyBody = { streamKey: key, polled: true };
    return { o: frame.o, ...(frame.s === undefined ? {} : { s: frame.s }), b: started };
  });

  app.get<{ Params: { key: string } }>('/api/stream/:key', async (request, reply) => {
    let caller;
    try {
      caller = await callerOf(request, services);
    } catch (e) {
      if (e instanceof OpError) return reply.code(401).send(e.toBody());
      throw e;
    }
    const taken = await services.streams.take(request.params.key, caller?.userId ?? null);
    if (!taken) return reply.code(404).send(new OpError('streamNotFound', 'No such stream').toBody());
    reply.header(STREAM_DONE_HEADER, String(taken.done));
    return taken.frames;
  });
}
