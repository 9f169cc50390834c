/** What the three consent machines share: the agent's events and telling the agent through the assist connection. */
import type { AnyActorRef } from 'xstate';
import { AssistOp, type AssistOutgoing, type ConsentAnswer, type ConsentKind } from '../../src/modules/assist/protocol';
import { AssistSystemId } from './assistSystemIds';

/** Events every consent machine takes. */
export type AgentEvent =
  /** The agent asked (from the socket). */
  | { type: 'agent.request'; agentId: string }
  /** An agent left the help session (closed their socket). */
  | { type: 'agent.left'; agentId: string }
  /** The help session ended (either side's End, or the socket gave up). */
  | { type: 'assist.end' };

/** The assist connection, when the help session runs one (none in a machine tested alone): a consent machine's `tell` action sends it the message. */
export const assistConnectionOf = (system: { get(key: string): unknown }): AnyActorRef | undefined =>
  system.get(AssistSystemId.connection) as AnyActorRef | undefined;

export const answer = (kind: ConsentKind, value: ConsentAnswer, agentId: string | null): AssistOutgoing => ({
  o: AssistOp.answer,
  b: { kind, answer: value, agentId: agentId ?? '' },
});
export const released = (kind: ConsentKind, agentId: string | null): AssistOutgoing => ({
  o: AssistOp.release,
  b: agentId ? { kind, agentId } : { kind },
});
