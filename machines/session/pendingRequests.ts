/** The bookkeeping of requests awaiting replies: outcomes, failures, and which requests a close settles. */
import type { ActorRef, Snapshot } from 'xstate';
import { CloseCode, CloseReason, type Frame } from '../../src/shared/protocol';
import { failureFromBody, type RequestFailure } from './sessionErrors';

/** What a requester receives (and what the connection emits) when its request is settled. */
export type ConnectionReplyEvent =
  | { type: 'connection.replied'; ticket: string | undefined; o: string; frame: Frame }
  | { type: 'connection.failed'; ticket: string | undefined; o: string; failure: RequestFailure };

/** An actor that can receive replies. */
export type ReplyTarget = ActorRef<Snapshot<unknown>, ConnectionReplyEvent>;

/** A request waiting for its reply: queued until the socket is authenticated, or sent by socket or POST. */
export interface PendingRequest {
  o: string;
  via: 'queued' | 'socket' | 'post';
  /** Kept only while queued. */
  frame?: Frame;
  ticket?: string;
  replyTo?: ReplyTarget;
}

export type Pending = Record<number, PendingRequest>;

/** A request and how it ended. */
export interface Settled {
  s: number;
  outcome: { frame: Frame } | { failure: RequestFailure };
}

/** Dropped because its socket closed, or the session was reset. */
export const DROPPED: RequestFailure = { kind: 'client', key: 'errors.networkError' };
/** No reply within the time-out. */
export const TIMED_OUT: RequestFailure = { kind: 'client', key: 'errors.wsMsgTimeout' };
/** A POST that never reached the server shows nothing (spec 000 §8), so its failure is silent. */
export const postFailure = (message: string): RequestFailure => ({
  kind: 'client',
  key: 'errors.networkError',
  detail: message,
  silent: true,
});
/** The close the client makes when the server stops answering. */
export const NO_RESPONSE = { code: CloseCode.noResponse, reason: 'noResponse' } as const;

/** Id of the delayed event that times a request out. */
export const timerId = (s: number): string => `reply-${s}`;

/** Whether a frame is too large for the socket (the server would close with 1009). */
export const isTooLarge = (data: string, maxBytes: number): boolean => new TextEncoder().encode(data).length > maxBytes;

/** The outcome a reply frame gives its request. */
export const outcomeOf = (frame: Frame): Settled['outcome'] =>
  frame.erred ? { failure: failureFromBody(frame.b as Parameters<typeof failureFromBody>[0]) } : { frame };

/** The request a reply frame answers (none for a frame without a sequence number). */
export const settleReply = (frame: Frame | null): Settled[] => (frame?.s !== undefined ? [{ s: frame.s, outcome: outcomeOf(frame) }] : []);

/** Every pending request, failed with the same reason. */
export const settleAll = (pending: Pending, failure: RequestFailure): Settled[] =>
  Object.keys(pending).map((s) => ({ s: Number(s), outcome: { failure } }));

/** The requests sent on the socket that just closed; the one whose time-out closed it fails as timed out. */
export const settleSocketRequests = (pending: Pending, timedOut: number | undefined): Settled[] =>
  Object.entries(pending)
    .filter(([, entry]) => entry.via === 'socket')
    .map(([s]) => ({ s: Number(s), outcome: { failure: Number(s) === timedOut ? TIMED_OUT : DROPPED } }));

const AUTH_CLOSE_REASONS: readonly string[] = [
  CloseReason.identFailed,
  CloseReason.expiredOnConnect,
  CloseReason.tokenExpired,
  CloseReason.signedout,
  CloseReason.blocked,
];
/** Whether a close means the token is no longer good, so reconnecting with it is pointless. */
export const isAuthClose = (code: number, reason: string): boolean => code === CloseCode.auth && AUTH_CLOSE_REASONS.includes(reason);
