import type { Frame } from '../../shared/protocol';
import type { Caller } from '../policy/Principal';
import type { Services } from '../services';

/** A live socket as the operations see it: who is on it, what it watches, and how to reach it. */
export interface LiveConnection {
  readonly id: number;
  caller: Caller;
  readonly itemWatches: Set<string>;
  readonly typeWatches: Map<number, { type: string; filter: Record<string, unknown> }>;
  nextTypeWatch: number;
  send(frame: Frame): void;
  close(code: number, reason: string): void;
  /** Reloads the caller's rights (after a membership or capability change). */
  refreshCaller(): Promise<void>;
  /** Replaces the token of this socket after `nextToken` (new expiry timers). */
  adoptToken(tokenHash: string, expiresAt: Date): void;
}

/** What an operation handler is given. */
export interface OpContext {
  caller: Caller;
  services: Services;
  /** The socket the request came on; null over HTTP. */
  connection: LiveConnection | null;
}

/** Parameters taken from the operation name. */
export type OpParams = Record<string, string>;

/** Handles one operation: answers the reply body, or throws an OpError. */
export type OpHandler = (ctx: OpContext, params: OpParams, body: unknown) => Promise<unknown>;

/** One row of the operation table. */
export interface OpRoute {
  /** The operation name, with `:name` segments for parameters. */
  pattern: string;
  handler: OpHandler;
  /** The body's shape, checked before the handler runs. */
  body?: { validateSync(value: unknown): unknown };
  /** Only over the socket (watches, token refresh, sign-out). */
  socketOnly?: boolean;
  /** Only for a signed-in caller. */
  signedIn?: boolean;
}
