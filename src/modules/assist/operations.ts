/** The live-assist module's operations: the consent audit trail and the agents' waiting list (issue 18). */
import * as yup from 'yup';
import { defineOperation } from '../../shared/protocol/defineOperation';
import { closedObject, noBody, optionalClosedObject, typedIdString } from '../../shared/protocol/requestSchemas';

/** One consent event as stored: who asked for help, which agent (with their names), what happened, when (ISO). */
export interface AssistAuditRow {
  peerId: string;
  userId: string;
  userName: string;
  agentId: string | null;
  agentName: string | null;
  event: string;
  kind: string | null;
  answer: string | null;
  by: 'user' | 'agent';
  at: string;
}

/** One help request waiting in the agents' console: who asked, their e-mail and page, when (ISO), the agents already with them. */
export interface AssistWaitingRow {
  peerId: string;
  name: string;
  email: string;
  path: string;
  /** The page's title as the user saw it (empty on the home page). */
  title: string;
  askedAt: string;
  agents: { agentId: string; name: string }[];
}

/** One recording of a help session, stored as an Attachment on its user's record. */
export interface AssistRecordingRow {
  /** The Attachment item. */
  id: string;
  /** Its file name, as the widget gave it ("Live help recording, <date and time>.webm"). */
  name: string;
  /** When it was stored (ISO). */
  createdAt: string;
  /** Bytes. */
  size: number | null;
}

/** The Attachment property under which recordings hang on their user's record. */
export const ASSIST_RECORDINGS_PROP = 'assistRecordings';

export const assistOperations = {
  /**
   * The caller's own help sessions' events, newest first; an administrator reads everyone's. With
   * `peerId`, one help session's events: its user's, an administrator's, or a support agent's.
   */
  audit: defineOperation<{ events: AssistAuditRow[] }>()({
    pattern: 'act/assistAudit',
    params: {},
    signedIn: true,
    body: () => optionalClosedObject({ peerId: yup.string().max(200) }).nullable(),
  }),
  /** The help requests waiting now, oldest first: for holders of the support capability only. */
  waiting: defineOperation<{ requests: AssistWaitingRow[] }>()({
    pattern: 'act/assistWaiting',
    params: {},
    signedIn: true,
    body: noBody,
  }),
  /** A user's live-help recordings, newest first: for that user herself and administrators only (else notAllowed). */
  recordings: defineOperation<{ recordings: AssistRecordingRow[] }>()({
    pattern: 'act/assistRecordings',
    params: {},
    signedIn: true,
    body: () => closedObject({ userId: typedIdString('User').required('errors.required') }),
  }),
} as const;
