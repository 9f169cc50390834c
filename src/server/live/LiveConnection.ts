/** The hub's view of a socket. Kept out of OpContext.ts, which imports the services, which hold the hub: LiveHub imported itself through them. */
import type { Frame } from '../../shared/protocol';
import type { Caller } from '../policy/Principal';

/** A watch of every item of a type that matches a filter. */
export interface TypeWatch {
  type: string;
  filter: Record<string, unknown>;
}

/** A live socket as the operations see it: who is on it, what it watches, and how to reach it. */
export interface LiveConnection {
  readonly id: number;
  /** The origin its requests' changes carry (changeOrigin.ts). */
  readonly origin: string;
  caller: Caller;
  /** The items it watches; null until its first (the hub makes it). */
  itemWatches: Set<string> | null;
  /** Its type watches by count; null until its first (the hub makes it). */
  typeWatches: Map<number, TypeWatch> | null;
  nextTypeWatch: number;
  send(frame: Frame): void;
  /** Sends a frame already written as JSON (one push to many sockets is written once). */
  sendText(text: string): void;
  close(code: number, reason: string): void;
  /** Reloads the caller's rights (after a membership or capability change). */
  refreshCaller(): Promise<void>;
  /** Replaces the token of this socket after `nextToken` (new expiry timers). */
  adoptToken(tokenHash: string, expiresAt: Date): void;
}
