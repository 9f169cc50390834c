/** System ids of the live-assist actors (issue 18) and the one event they send to the assist connection. */
import type { AssistAgentOutgoing, AssistOutgoing } from '../../src/modules/assist/protocol';

export const AssistSystemId = {
  /** The help session (assistSessionMachine.ts): idle until the user asks for help, then runs the connection and the consent machines as its children. */
  assist: 'assist',
} as const;

/** What the help session sends the connection to tell the agent something. */
export interface AssistSendEvent {
  type: 'assistConnection.send';
  message: AssistOutgoing | AssistAgentOutgoing;
}
