/** What the three consent machines share: the agent's events and telling the agent through the assist connection. */
import type { AnyActorRef } from 'xstate';
import { AssistOp, type AssistCommand, type AssistOutgoing, type ConsentAnswer, type ConsentKind } from '../../src/modules/assist/protocol';

/** Events every consent machine takes. */
export type AgentEvent =
  /** The agent asked (from the socket). */
  | { type: 'agent.request'; agentId: string }
  /** An agent left the help session (closed their socket). */
  | { type: 'agent.left'; agentId: string }
  /** The help session ended (either side's End, or the socket gave up). */
  | { type: 'assist.end' };

/**
 * Whether the machine runs inside the help session, which passes what it tells (`assist.tell`) to the
 * assist connection; a machine run alone (its own tests) tells nobody.
 */
export const runsInSession = (self: AnyActorRef): boolean => self._parent !== undefined;

/** What a consent machine or the connection hands its parent, the help session. */
export type AssistTellEvent = { type: 'assist.tell'; message: AssistOutgoing };
/** What the control machine hands the help session: a command of the agent holding control, to replay in the tab. */
export type AssistReplayEvent = { type: 'assist.replay'; command: AssistCommand };

export const answer = (kind: ConsentKind, value: ConsentAnswer, agentId: string | null): AssistOutgoing => ({
  o: AssistOp.answer,
  b: { kind, answer: value, agentId: agentId ?? '' },
});
export const released = (kind: ConsentKind, agentId: string | null): AssistOutgoing => ({
  o: AssistOp.release,
  b: agentId ? { kind, agentId } : { kind },
});
