/**
 * A request answered in pieces (spec 000 §7, docs/modules.md "Streamed answers"): the operation is
 * sent with the `stream` flag through the session's connection like any other (operation.ts), and
 * answered `{streamKey}`; the pieces then come as `stream:{key}` pushes on the socket, or, when the
 * request went by POST /api/item (socket not open, message too large), are polled from GET
 * /api/stream/{key} through the connection. `streamedOperationLogic` is the actor: it sends its
 * parent (`replyTo`) an `operation.pieces` event as each piece arrives and ends with all of them
 * joined, so a parent that handles the pieces draws rows as they come and one that does not gets the
 * same output as from `operationLogic`. A failing piece fails it with the server's message key.
 */
import { fromPromise, type AnyActorRef } from 'xstate';
import { WS_TIMEOUT_MS } from '../../src/shared/constants';
import { STREAM_PUSH_PREFIX, type Frame, type StreamKeyBody, type StreamPieceBody } from '../../src/shared/protocol';
import type { OperationCall } from '../../src/shared/protocol/operationCall';
import { getConnection, type ConnectionActorRef, type SystemLike } from '../systemIds';
import { exchange } from './operation';
import { DROPPED, TIMED_OUT } from './pendingRequests';
import { failureFromBody } from './sessionErrors';

/** A stream with no piece for this long has failed (errors.wsMsgTimeout). */
export const STREAM_SILENCE_MS = WS_TIMEOUT_MS;
/** The wait between two polls of a stream sent over HTTP, in ms. */
export const STREAM_POLL_MS = 250;

/** What the parent of a streamed call is sent as pieces arrive: the actor's id, and the new pieces in order. */
export interface PiecesEvent {
  type: 'operation.pieces';
  actorId: string;
  pieces: unknown[];
}

export interface StreamedCallInput {
  call: OperationCall;
  /** Gets the `operation.pieces` events: the actor that spawned the call. */
  replyTo: AnyActorRef | null;
}

export interface StreamOptions {
  silenceMs?: number;
  pollMs?: number;
  signal?: AbortSignal;
}

let lastTicket = 0;

/** All pieces of a reply as one: objects merged (readMany's maps), lists concatenated, else the pieces. */
export function joinPieces(pieces: readonly unknown[]): unknown {
  if (pieces.length === 1) return pieces[0];
  if (pieces.every(Array.isArray)) return (pieces as unknown[][]).flat();
  if (pieces.every((p) => typeof p === 'object' && p !== null && !Array.isArray(p))) return Object.assign({}, ...pieces) as unknown;
  return pieces;
}

const isStreamKey = (b: unknown): b is StreamKeyBody =>
  typeof b === 'object' && b !== null && typeof (b as StreamKeyBody).streamKey === 'string';

/**
 * Sends `call` asking for streaming; calls `onPieces` with the pieces as they arrive and resolves
 * with all of them once the last has come. Rejects with a RequestFailure: the server's for an erred
 * piece, errors.networkError when the socket closes mid-stream, errors.wsMsgTimeout after a silence.
 */
export function streamCall(
  connection: ConnectionActorRef | undefined,
  call: OperationCall,
  onPieces: (pieces: unknown[]) => void,
  options: StreamOptions = {},
): Promise<unknown[]> {
  if (!connection) return Promise.reject(DROPPED);
  const silenceMs = options.silenceMs ?? STREAM_SILENCE_MS;
  const pieces: unknown[] = [];
  const cleanups: (() => void)[] = [];
  // Pushes of any stream are kept from the start: a piece may come before the key is known here.
  let early: Frame[] | null = [];
  let onPush: (frame: Frame) => void = (frame) => early?.push(frame);
  const pushed = connection.on('connection.pushed', ({ frame }) => {
    if (frame.o.startsWith(STREAM_PUSH_PREFIX)) onPush(frame);
  });
  cleanups.push(() => pushed.unsubscribe());

  const run = new Promise<unknown[]>((resolve, reject) => {
    let silence: ReturnType<typeof setTimeout> | undefined;
    const fail = (failure: unknown): void => reject(failure);
    const quiet = (): void => {
      clearTimeout(silence);
      silence = setTimeout(() => fail(TIMED_OUT), silenceMs);
    };
    cleanups.push(() => clearTimeout(silence));
    options.signal?.addEventListener('abort', () => fail(DROPPED), { once: true });
    /** Takes one frame of the stream: a piece (resolving after the last), or an error. */
    const take = (frame: Frame, last: boolean): boolean => {
      if (frame.erred) {
        fail(failureFromBody(frame.b as Parameters<typeof failureFromBody>[0]));
        return true;
      }
      quiet();
      if (last) resolve(pieces);
      return last;
    };

    const frame: Frame = call.b === undefined ? { o: call.o, stream: true } : { o: call.o, b: call.b, stream: true };
    exchange(connection, frame).then((reply) => {
      if (!isStreamKey(reply.b)) {
        // Answered whole (a server that does not stream): one piece.
        pieces.push(reply.b);
        onPieces([reply.b]);
        resolve(pieces);
        return;
      }
      const { streamKey, polled } = reply.b;
      quiet();
      if (polled) {
        early = null;
        poll(streamKey);
        return;
      }
      const o = `${STREAM_PUSH_PREFIX}${streamKey}`;
      onPush = (push) => {
        if (push.o !== o) return;
        if (push.erred) {
          take(push, true);
          return;
        }
        const body = push.b as StreamPieceBody;
        pieces.push(body.piece);
        onPieces([body.piece]);
        take(push, body.done === true);
      };
      for (const push of early ?? []) onPush(push);
      early = null;
      // The socket that carries the pushes closed: they will not come.
      const watched = connection.subscribe((snapshot) => {
        if (!snapshot.matches({ LIVE: 'OPEN' })) fail(DROPPED);
      });
      cleanups.push(() => watched.unsubscribe());
    }, fail);

    /** Polls the stream until done, through the connection (which holds the token). */
    function poll(key: string): void {
      lastTicket += 1;
      const ticket = `stream-${lastTicket}`;
      const answered = connection!.on('connection.polled', (event) => {
        if (event.ticket !== ticket) return;
        stop();
        const got = event.frames.filter((f) => !f.erred).map((f) => f.b);
        if (got.length) {
          pieces.push(...got);
          onPieces(got);
        }
        const erred = event.frames.find((f) => f.erred);
        if (erred) take(erred, true);
        else if (event.done) take({ o: '' }, true);
        else if (got.length) quiet();
        if (!erred && !event.done) {
          const next = setTimeout(() => poll(key), options.pollMs ?? STREAM_POLL_MS);
          cleanups.push(() => clearTimeout(next));
        }
      });
      const failed = connection!.on('connection.pollFailed', (event) => {
        if (event.ticket !== ticket) return;
        stop();
        fail(event.failure);
      });
      function stop(): void {
        answered.unsubscribe();
        failed.unsubscribe();
      }
      cleanups.push(stop);
      connection!.send({ type: 'connection.pollStream', key, ticket });
    }
  });
  return run.finally(() => {
    for (const cleanup of cleanups) cleanup();
  });
}

/** The actor of one streamed request: `operation.pieces` to its `replyTo` as they come; its output all pieces joined. */
export const streamedOperationLogic = fromPromise<unknown, StreamedCallInput>(async ({ input, system, self, signal }) =>
  joinPieces(
    await streamCall(
      getConnection(system as SystemLike),
      input.call,
      // A stopped call's pieces are for no one: its parent has moved on (another question may read under the same id).
      (pieces) => {
        if (!signal.aborted) input.replyTo?.send({ type: 'operation.pieces', actorId: self.id, pieces } satisfies PiecesEvent);
      },
      { signal },
    ),
  ),
);
