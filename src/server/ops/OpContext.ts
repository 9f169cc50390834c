import type { Frame } from '../../shared/protocol';
import type { AnyOperation, ParamKinds, ParamsOf } from '../../shared/protocol/defineOperation';
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

/** Handles one operation with its parameters and body already validated: answers the reply, or throws an OpError. */
export type OpHandler<P extends ParamKinds, B, R> = (ctx: OpContext, params: ParamsOf<P>, body: B) => Promise<R>;

/** One row of the operation table: a definition and the handler bound to it (see bindOperation). */
export interface OpRoute {
  readonly def: AnyOperation;
  /** Validates the raw name segments and the body against `def`, then runs the handler. */
  run(ctx: OpContext, rawParams: Readonly<Record<string, string>>, body: unknown): Promise<unknown>;
}
