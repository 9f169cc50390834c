/**
 * The live-assist wire vocabulary (spec 000 §4, §7, §8, §9; issue 18): what travels on
 * `/ws-assist/socket` between a user's tab and a support agent, relayed by the server. Every
 * message is a socket frame (`o`, `b`); the first one a socket sends is `tokenAuth` like on `/ws`.
 */

import type { LivePatch, LiveView } from './liveView';

/** Path of the assist socket. */
export const ASSIST_SOCKET_PATH = '/ws-assist/socket';
/** Reconnect attempts before the assist connection gives up (spec 000 §9). */
export const ASSIST_MAX_ATTEMPTS = 30;
/** The first and the longest wait between reconnect attempts, in ms (spec 000 §9: 1 s to 25 s). */
export const ASSIST_RETRY_MIN_MS = 1_000;
export const ASSIST_RETRY_MAX_MS = 25_000;
/** How long a consent prompt waits for the user's answer (spec 000 §9: confirm time-outs 30 s). */
export const ASSIST_CONFIRM_TIMEOUT_MS = 30_000;
/** The agent's name is shown to the user truncated at this many characters (spec 000 §9). */
export const AGENT_NAME_MAX = 20;

/** Who is on the other end of an assist socket (its `identity` query parameter). */
export type AssistIdentity = 'user' | 'agent';

/** What an agent may ask of the user; each needs the user's click. */
export type ConsentKind = 'control' | 'call' | 'recording';
export const CONSENT_KINDS: readonly ConsentKind[] = ['control', 'call', 'recording'];

/** The user's answer to a request: `busy` when the same thing is already asked or given, `timeout` after 30 s unanswered. */
export type ConsentAnswer = 'accept' | 'decline' | 'busy' | 'timeout';

/** Operations on the assist socket. */
export const AssistOp = {
  /** Agent → user: asks for control, a call or recording. Body {@link AssistRequestBody}. */
  request: 'assist/request',
  /** User → agent: the answer to a request. Body {@link AssistAnswerBody}. */
  answer: 'assist/answer',
  /** Either side: gives up what was granted (control released, call hung up, recording stopped). Body {@link AssistKindBody}. */
  release: 'assist/release',
  /** Either side: ends the whole help session at once. */
  end: 'assist/end',
  /** Server → user: an agent joined the help session. Body {@link AssistAgentBody}. */
  agentJoined: 'assist/agentJoined',
  /** Server → user: an agent left (closed their socket or was removed). Body {@link AssistAgentBody}. */
  agentLeft: 'assist/agentLeft',
  /** User → agent: the tab was hidden (control paused) or shown again (control resumed). Body {@link AssistVisibilityBody}. */
  visibility: 'assist/visibility',
  /** Agent → user: the call failed on the agent's side. */
  callError: 'assist/callError',
  /** Server → agent, on joining: the help request (who asked, when, their page, the other agents). */
  session: 'assist/session',
  /** User → agents: the live view, a full picture or a patch of the last one. Body {@link AssistViewBody}. */
  view: 'assist/view',
  /** Agent → user, only while the agent holds control: an action replayed in the user's tab. Body {@link AssistCommandBody}. */
  command: 'assist/command',
  /** Server → agent: a command was not passed on (control not granted to them, or paused). Body {@link AssistRefusedBody}. */
  refused: 'assist/refused',
  /** Either side, only while the call is answered: WebRTC signalling (an offer, an answer or an ICE candidate). Body {@link AssistSignalBody}. */
  signal: 'assist/signal',
} as const;

export interface AssistAgentBody {
  agentId: string;
  /** The agent's display name; the user sees at most {@link AGENT_NAME_MAX} characters. */
  name: string;
}
export interface AssistRequestBody {
  kind: ConsentKind;
  agentId: string;
}
export interface AssistAnswerBody {
  kind: ConsentKind;
  answer: ConsentAnswer;
  agentId: string;
}
export interface AssistKindBody {
  kind: ConsentKind;
  agentId?: string;
}
export interface AssistVisibilityBody {
  visible: boolean;
}

/**
 * What the agent may do in the user's tab while holding control (spec 000 §4: replayed as actor events,
 * never as raw input): go to an address, open a segment in the column after `fromKey`, or change one
 * field of the form an open column shows.
 */
export type AssistCommand =
  | { type: 'navigate'; path: string }
  | { type: 'open'; fromKey: string; segment: string }
  | { type: 'fill'; cellKey: string; name: string; value: string | number | boolean | null };

export interface AssistCommandBody {
  command: AssistCommand;
  agentId?: string;
}
/** Why the relay did not pass a command on. */
export type CommandRefusal = 'noControl' | 'paused' | 'badCommand';
export interface AssistRefusedBody {
  reason: CommandRefusal;
}
/** The STUN/TURN servers a call's peer connection uses (ASSIST_ICE_SERVERS; none on one network), sent with `session` and `agentJoined`. */
export interface AssistIceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}
/** One WebRTC signalling message: a session description (offer or answer) or an ICE candidate. */
export type CallSignal =
  | { description: { type: 'offer' | 'answer'; sdp: string } }
  | { candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null; usernameFragment?: string | null } };
export interface AssistSignalBody {
  signal: CallSignal;
  /** Stamped by the relay on what an agent sends. */
  agentId?: string;
}
/** The longest session description the relay passes on. */
export const SIGNAL_SDP_MAX = 100_000;

/** Whether a value has the shape of a {@link CallSignal} (the relay passes on nothing else). */
export function isCallSignal(value: unknown): value is CallSignal {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.description === 'object' && v.description !== null) {
    const d = v.description as Record<string, unknown>;
    return (d.type === 'offer' || d.type === 'answer') && typeof d.sdp === 'string' && d.sdp.length <= SIGNAL_SDP_MAX;
  }
  if (typeof v.candidate === 'object' && v.candidate !== null) {
    const c = v.candidate as Record<string, unknown>;
    const optional = (x: unknown, type: 'string' | 'number') => x === undefined || x === null || typeof x === type;
    return (
      typeof c.candidate === 'string' &&
      c.candidate.length <= 2_000 &&
      optional(c.sdpMid, 'string') &&
      optional(c.sdpMLineIndex, 'number') &&
      optional(c.usernameFragment, 'string')
    );
  }
  return false;
}

/** A live view frame: the whole picture (on an agent's joining) or the changes since the last frame. */
export type AssistViewBody = { full: LiveView } | { patch: LivePatch };

/** A message the user's side sends to the agent (through the assist connection). */
export type AssistOutgoing =
  | { o: typeof AssistOp.answer; b: AssistAnswerBody }
  | { o: typeof AssistOp.release; b: AssistKindBody }
  | { o: typeof AssistOp.visibility; b: AssistVisibilityBody }
  | { o: typeof AssistOp.view; b: AssistViewBody }
  | { o: typeof AssistOp.signal; b: AssistSignalBody }
  | { o: typeof AssistOp.end };

/** A message the agent's console sends to the user (through its own assist connection). */
export type AssistAgentOutgoing =
  | { o: typeof AssistOp.request; b: { kind: ConsentKind } }
  | { o: typeof AssistOp.release; b: AssistKindBody }
  | { o: typeof AssistOp.command; b: AssistCommandBody }
  | { o: typeof AssistOp.callError }
  | { o: typeof AssistOp.signal; b: AssistSignalBody }
  | { o: typeof AssistOp.end };

/** The agent's name as the user sees it (spec 000 §9: truncated at 20 characters). */
export const agentDisplayName = (name: string): string => (name.length > AGENT_NAME_MAX ? `${name.slice(0, AGENT_NAME_MAX - 1)}…` : name);

/** The wait before reconnect attempt `attempt` (1-based): 1 s, doubling, at most 25 s (1, 2, 4, 8, 16, 25, 25…). */
export const assistRetryDelayMs = (attempt: number): number =>
  Math.min(ASSIST_RETRY_MAX_MS, ASSIST_RETRY_MIN_MS * 2 ** Math.max(0, attempt - 1));

/** The query of the assist socket's URL (spec 000 §7). */
export interface AssistSocketQuery {
  /** The help session this socket belongs to (the user's request; the agent joins it by this id). */
  peerId: string;
  identity: AssistIdentity;
  /** The browser tab (one user may have several tabs; only the one that asked is helped). */
  tabId: string;
  /** JSON of what the agent sees in the waiting list: the user's name, e-mail and page. */
  sessionInfo: string;
}

export const assistSocketUrl = (query: AssistSocketQuery): string =>
  `${ASSIST_SOCKET_PATH}?${new URLSearchParams({ ...query }).toString()}`;

/** Message keys of the user's prompts and buttons (spec 000 §8: the exact English texts are in ui/messages.ts). */
export const AssistMessage = {
  callPrompt: 'assist.prompt.call',
  controlPrompt: 'assist.prompt.control',
  recordingPrompt: 'assist.prompt.recording',
  answer: 'assist.button.answer',
  grantControl: 'assist.button.grantControl',
  allowRecording: 'assist.button.allowRecording',
  reject: 'assist.button.reject',
} as const;

/** The exact texts of spec 000 §8. */
export const ASSIST_PROMPT_TEXTS: Record<(typeof AssistMessage)[keyof typeof AssistMessage], string> = {
  'assist.prompt.call': 'You have an incoming call. Do you want to answer?',
  'assist.prompt.control': 'Agent requested remote control. Allow?',
  'assist.prompt.recording': 'Agent requested to record activity in this browser tab.',
  'assist.button.answer': 'Answer',
  'assist.button.grantControl': 'Grant Remote Control',
  'assist.button.allowRecording': 'Allow Recording',
  'assist.button.reject': 'Reject',
};
