/** The live-assist module's operation: reading the consent audit trail (issue 18). */
import { defineOperation } from '../../shared/protocol/defineOperation';
import { noBody } from '../../shared/protocol/requestSchemas';

/** One consent event as stored: who asked for help, which agent, what happened, when (ISO). */
export interface AssistAuditRow {
  peerId: string;
  userId: string;
  agentId: string | null;
  event: string;
  kind: string | null;
  answer: string | null;
  by: 'user' | 'agent';
  at: string;
}

export const assistOperations = {
  /** The caller's own help sessions' events, newest first; an administrator reads everyone's. */
  audit: defineOperation<{ events: AssistAuditRow[] }>()({
    pattern: 'act/assistAudit',
    params: {},
    signedIn: true,
    body: noBody,
  }),
} as const;
