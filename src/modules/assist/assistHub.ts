/**
 * The server's relay of live-assist help sessions (issue 18), apart from any transport: the
 * `/ws-assist/socket` route hands it each authenticated socket as a peer, and it keeps who asked for
 * help (and when), which agents joined, and passes the agent's requests to the user's tab and the
 * user's answers back. It stamps every relayed frame with the real agent (an agent cannot speak for
 * another), refuses an agent without the support capability and a second user on someone else's
 * help request, and reports every consent event to `audit` (the session's audit trail). It knows
 * who holds control from the answers it relays, so an agent's commands reach the user's tab only
 * while that agent holds control and the tab is visible; the user's live view goes to every agent.
 * Likewise it knows who the user answered a call from, and passes WebRTC signalling only between the
 * user's tab and that agent, only while the call stands; both sides learn the STUN/TURN servers on joining.
 */
import type { Frame } from '../../shared/protocol';
import {
  AssistOp,
  isCallSignal,
  type AssistCommand,
  type AssistIceServer,
  type CommandRefusal,
  type ConsentAnswer,
  type ConsentKind,
} from './protocol';

/** One socket as the hub sees it. */
export interface AssistPeer {
  send(frame: Frame): void;
  close(code: number, reason: string): void;
}

/** The authenticated person behind a socket. */
export interface AssistCaller {
  userId: string;
  name: string;
  /** Holds the support agents' capability. */
  supportAgent: boolean;
}

/** What the agents' waiting list shows of a help request. */
export interface AssistRequestInfo {
  peerId: string;
  userId: string;
  /** The user's name, e-mail and page as their tab sent them (sessionInfo). */
  sessionInfo: unknown;
  /** When help was asked (ms since the epoch). */
  askedAt: number;
  agents: { agentId: string; name: string }[];
}

/** One consent event for the audit trail. */
export interface AssistAuditEntry {
  peerId: string;
  userId: string;
  agentId: string | null;
  /** What happened: requested, answered, released, joined, left, ended, or a command passed on under control. */
  event: 'asked' | 'joined' | 'left' | 'requested' | 'answered' | 'released' | 'ended' | 'commanded';
  kind?: ConsentKind;
  answer?: ConsentAnswer;
  by: 'user' | 'agent';
  at: number;
}

/** Why a socket was refused (its close reason; code 4003). */
export type AssistRefusal = 'notSupportAgent' | 'noHelpRequest' | 'notYourRequest';
export const ASSIST_REFUSED_CLOSE = 4003;

interface HelpSession {
  peerId: string;
  userId: string;
  sessionInfo: unknown;
  askedAt: number;
  /** The asking tab's socket; null while it reconnects. */
  user: AssistPeer | null;
  agents: Map<AssistPeer, AssistCaller>;
  /** The agent holding control (from the user's relayed answers), and whether the user's tab is hidden. */
  control: { agentId: string; paused: boolean } | null;
  /** The agent whose call the user answered, until either side hangs up or the agent leaves. */
  call: string | null;
}

const KINDS: readonly string[] = ['control', 'call', 'recording'];
const ANSWERS: readonly string[] = ['accept', 'decline', 'busy', 'timeout'];
const bodyOf = (frame: Frame): Record<string, unknown> =>
  typeof frame.b === 'object' && frame.b !== null ? (frame.b as Record<string, unknown>) : {};

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
/** Whether a command has the shape of {@link AssistCommand} (the user's tab checks again what it may replay). */
function isCommand(value: unknown): value is AssistCommand {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  if (c.type === 'navigate')
    return typeof c.path === 'string' && c.path.startsWith('/') && !c.path.startsWith('//') && c.path.length <= 2000;
  if (c.type === 'open') return typeof c.fromKey === 'string' && typeof c.segment === 'string' && SEGMENT.test(c.segment);
  if (c.type === 'fill') {
    const v = c.value;
    const scalar = v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
    return typeof c.cellKey === 'string' && typeof c.name === 'string' && scalar && (typeof v !== 'string' || v.length <= 10_000);
  }
  return false;
}

export class AssistHub {
  private readonly sessions = new Map<string, HelpSession>();
  private readonly peers = new Map<AssistPeer, { session: HelpSession; role: 'user' | 'agent'; caller: AssistCaller }>();

  constructor(
    private readonly audit: (entry: AssistAuditEntry) => void,
    private readonly now: () => number = Date.now,
    /** The STUN/TURN servers both sides of a call are given (none: calls within one network). */
    private readonly iceServers: AssistIceServer[] = [],
    /** Told whenever a help request begins, its agents change, or it ends (null): the shared waiting list follows it. */
    private readonly changed: (peerId: string, request: AssistRequestInfo | null) => void = () => undefined,
  ) {}

  /** Whether this hub holds help request `peerId` (its user's tab is, or was last, on this process). */
  has(peerId: string): boolean {
    return this.sessions.has(peerId);
  }

  /** Ends help request `peerId` here because its user's tab came back on another process: everyone here is told it ended. */
  handOver(peerId: string, userId: string): void {
    const session = this.sessions.get(peerId);
    if (!session || session.userId !== userId) return;
    if (session.user) this.drop(session.user);
    session.user = null;
    this.end(session, null, false);
  }

  /** The user's tab asks for help (or reconnects to its request). */
  joinUser(peerId: string, caller: AssistCaller, sessionInfo: unknown, peer: AssistPeer): AssistRefusal | null {
    let session = this.sessions.get(peerId);
    if (session && session.userId !== caller.userId) return this.refuse(peer, 'notYourRequest');
    if (!session) {
      session = {
        peerId,
        userId: caller.userId,
        sessionInfo,
        askedAt: this.now(),
        user: null,
        agents: new Map(),
        control: null,
        call: null,
      };
      this.sessions.set(peerId, session);
      this.record(session, { event: 'asked', agentId: null, by: 'user' });
      this.changed(peerId, this.info(session));
    }
    if (session.user && session.user !== peer) this.drop(session.user);
    session.user = peer;
    this.peers.set(peer, { session, role: 'user', caller });
    for (const agent of session.agents.values()) peer.send({ o: AssistOp.agentJoined, b: this.joined(agent) });
    return null;
  }

  /** A support agent joins a waiting help request. */
  joinAgent(peerId: string, caller: AssistCaller, peer: AssistPeer): AssistRefusal | null {
    if (!caller.supportAgent) return this.refuse(peer, 'notSupportAgent');
    const session = this.sessions.get(peerId);
    if (!session) return this.refuse(peer, 'noHelpRequest');
    session.agents.set(peer, caller);
    this.peers.set(peer, { session, role: 'agent', caller });
    peer.send({ o: AssistOp.session, b: { ...this.info(session), iceServers: this.iceServers } });
    session.user?.send({ o: AssistOp.agentJoined, b: this.joined(caller) });
    this.record(session, { event: 'joined', agentId: caller.userId, by: 'agent' });
    this.changed(peerId, this.info(session));
    return null;
  }

  /** A frame from a joined socket. Unknown operations and malformed bodies are ignored. */
  receive(peer: AssistPeer, frame: Frame): void {
    const joined = this.peers.get(peer);
    if (!joined) return;
    const { session, role, caller } = joined;
    const b = bodyOf(frame);
    const kind = typeof b.kind === 'string' && KINDS.includes(b.kind) ? (b.kind as ConsentKind) : null;
    if (frame.o === AssistOp.end) {
      this.record(session, { event: 'ended', agentId: role === 'agent' ? caller.userId : null, by: role });
      this.end(session, peer);
      return;
    }
    if (role === 'agent') {
      const agentId = caller.userId;
      if (frame.o === AssistOp.request && kind) {
        session.user?.send({ o: AssistOp.request, b: { kind, agentId } });
        this.record(session, { event: 'requested', kind, agentId, by: 'agent' });
      } else if (frame.o === AssistOp.release && kind) {
        session.user?.send({ o: AssistOp.release, b: { kind, agentId } });
        this.record(session, { event: 'released', kind, agentId, by: 'agent' });
        if (kind === 'control' && session.control?.agentId === agentId) session.control = null;
        if (kind === 'call' && session.call === agentId) session.call = null;
      } else if (frame.o === AssistOp.callError) {
        session.user?.send({ o: AssistOp.callError, b: { agentId } });
      } else if (frame.o === AssistOp.signal) {
        // Only the agent the user answered, only while the call stands.
        if (session.call === agentId && isCallSignal(b.signal))
          session.user?.send({ o: AssistOp.signal, b: { signal: b.signal, agentId } });
      } else if (frame.o === AssistOp.command) {
        const refusal = this.commandRefusal(session, agentId, b.command);
        if (refusal) peer.send({ o: AssistOp.refused, b: { reason: refusal } });
        else {
          session.user?.send({ o: AssistOp.command, b: { command: b.command, agentId } });
          this.record(session, { event: 'commanded', kind: 'control', agentId, by: 'agent' });
        }
      }
      return;
    }
    // From the user: to the agent named (an answer), else to every agent.
    if (frame.o === AssistOp.answer && kind && typeof b.answer === 'string' && ANSWERS.includes(b.answer)) {
      const agentId = typeof b.agentId === 'string' ? b.agentId : null;
      const body = { kind, answer: b.answer, agentId };
      for (const [agentPeer, agent] of session.agents) if (agent.userId === agentId) agentPeer.send({ o: AssistOp.answer, b: body });
      if (kind === 'control' && b.answer === 'accept' && agentId) session.control = { agentId, paused: false };
      if (kind === 'call' && b.answer === 'accept' && agentId && this.hasAgent(session, agentId)) session.call = agentId;
      this.record(session, { event: 'answered', kind, answer: b.answer as ConsentAnswer, agentId, by: 'user' });
    } else if (frame.o === AssistOp.release && kind) {
      for (const agentPeer of session.agents.keys()) agentPeer.send({ o: AssistOp.release, b: { kind } });
      if (kind === 'control') session.control = null;
      if (kind === 'call') session.call = null;
      this.record(session, { event: 'released', kind, agentId: typeof b.agentId === 'string' ? b.agentId : null, by: 'user' });
    } else if (frame.o === AssistOp.visibility && typeof b.visible === 'boolean') {
      for (const agentPeer of session.agents.keys()) agentPeer.send({ o: AssistOp.visibility, b: { visible: b.visible } });
      if (session.control) session.control = { ...session.control, paused: !b.visible };
    } else if (frame.o === AssistOp.signal) {
      if (session.call && isCallSignal(b.signal)) {
        for (const [agentPeer, agent] of session.agents)
          if (agent.userId === session.call) agentPeer.send({ o: AssistOp.signal, b: { signal: b.signal } });
      }
    } else if (frame.o === AssistOp.view && ('full' in b || 'patch' in b)) {
      // Passed as it came: the agents' consoles check its shape before drawing it.
      for (const agentPeer of session.agents.keys()) agentPeer.send({ o: AssistOp.view, b });
    }
  }

  /** A socket closed. An agent leaving is told to the user; the user's tab may come back (the request waits). */
  leave(peer: AssistPeer): void {
    const joined = this.peers.get(peer);
    if (!joined) return;
    this.peers.delete(peer);
    const { session, role, caller } = joined;
    if (role === 'agent') {
      session.agents.delete(peer);
      if (session.control?.agentId === caller.userId && ![...session.agents.values()].some((a) => a.userId === caller.userId)) {
        session.control = null;
      }
      if (session.call === caller.userId && !this.hasAgent(session, caller.userId)) session.call = null;
      session.user?.send({ o: AssistOp.agentLeft, b: { agentId: caller.userId } });
      this.record(session, { event: 'left', agentId: caller.userId, by: 'agent' });
      if (this.sessions.get(session.peerId) === session) this.changed(session.peerId, this.info(session));
    } else if (session.user === peer) {
      session.user = null;
    }
  }

  private hasAgent(session: HelpSession, agentId: string): boolean {
    return [...session.agents.values()].some((a) => a.userId === agentId);
  }

  /** What the user's tab is told of an agent who joined: who, and the STUN/TURN servers for a call with them. */
  private joined(agent: AssistCaller): { agentId: string; name: string; iceServers: AssistIceServer[] } {
    return { agentId: agent.userId, name: agent.name, iceServers: this.iceServers };
  }

  /** Why an agent's command may not reach the user's tab, or null when it may. */
  private commandRefusal(session: HelpSession, agentId: string, command: unknown): CommandRefusal | null {
    if (!session.control || session.control.agentId !== agentId) return 'noControl';
    if (session.control.paused) return 'paused';
    return isCommand(command) ? null : 'badCommand';
  }

  /** The help requests, oldest first, for the agents' console. */
  waiting(): AssistRequestInfo[] {
    return [...this.sessions.values()].sort((a, b) => a.askedAt - b.askedAt).map((s) => this.info(s));
  }

  private info(session: HelpSession): AssistRequestInfo {
    return {
      peerId: session.peerId,
      userId: session.userId,
      sessionInfo: session.sessionInfo,
      askedAt: session.askedAt,
      agents: [...session.agents.values()].map((a) => ({ agentId: a.userId, name: a.name })),
    };
  }

  /** Ends a help session at once on both sides: every other socket is told and closed. */
  private end(session: HelpSession, by: AssistPeer | null, shared = true): void {
    this.sessions.delete(session.peerId);
    // Handed over, the request lives on in the other process's list.
    if (shared) this.changed(session.peerId, null);
    const all = [...(session.user ? [session.user] : []), ...session.agents.keys()];
    for (const peer of all) {
      this.peers.delete(peer);
      if (peer === by) continue;
      peer.send({ o: AssistOp.end });
      peer.close(1000, 'ended');
    }
  }

  private drop(peer: AssistPeer): void {
    this.peers.delete(peer);
    peer.close(1000, 'replaced');
  }

  private refuse(peer: AssistPeer, reason: AssistRefusal): AssistRefusal {
    peer.close(ASSIST_REFUSED_CLOSE, reason);
    return reason;
  }

  private record(session: HelpSession, entry: Omit<AssistAuditEntry, 'peerId' | 'userId' | 'at'>): void {
    this.audit({ peerId: session.peerId, userId: session.userId, at: this.now(), ...entry });
  }
}
