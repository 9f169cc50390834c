import type { AnyOperation, ParamKinds, ParamsOf } from '../../shared/protocol/defineOperation';
import type { Caller } from '../policy/Principal';
import type { LiveConnection } from '../live/LiveConnection';
import type { Services } from '../services';

/** What an operation handler is given. */
export interface OpContext {
  caller: Caller;
  services: Services;
  /** The socket the request came on; null over HTTP. */
  connection: LiveConnection | null;
  /**
   * Set when the request asked to be streamed (docs/modules.md §10): sends one piece of the answer
   * ahead of the handler's reply, which is then the last piece. Answers false once no one listens
   * (the socket closed), and the handler should stop. See `answerInPieces` (pieces.ts).
   */
  piece?: (part: unknown) => Promise<boolean>;
}

/** Handles one operation with its parameters and body already validated: answers the reply, or throws an OpError. */
export type OpHandler<P extends ParamKinds, B, R> = (ctx: OpContext, params: ParamsOf<P>, body: B) => Promise<R>;

/** One row of the operation table: a definition and the handler bound to it (see bindOperation). */
export interface OpRoute {
  readonly def: AnyOperation;
  /** Validates the raw name segments and the body against `def`, then runs the handler. */
  run(ctx: OpContext, rawParams: Readonly<Record<string, string>>, body: unknown): Promise<unknown>;
}
