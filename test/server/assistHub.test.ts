/** The live-assist relay (issue 18) apart from the socket route: who may join, what is relayed to whom, the audit trail. */
import { AssistHub, ASSIST_REFUSED_CLOSE, type AssistAuditEntry, type AssistPeer } from '../../src/modules/assist/assistHub';
import type { Frame } from '../../src/shared/protocol';

interface FakePeer extends AssistPeer {
  frames: Frame[];
  closed: { code: number; reason: string } | null;
}
const peer = (): FakePeer => {
  const p: FakePeer = {
    frames: [],
    closed: null,
    send: (frame) => p.frames.push(frame),
    close: (code, reason) => {
      p.closed = { code, reason };
    },
  };
  return p;
};

const ada = { userId: 'u-ada', name: 'Ada Lovelace', supportAgent: false };
const sam = { userId: 'u-sam', name: 'Sam Support', supportAgent: true };
const kim = { userId: 'u-kim', name: 'Kim Agent', supportAgent: true };
const info = { name: 'Ada Lovelace', email: 'ada@example.org', path: '/i-12' };

function setup() {
  const audit: AssistAuditEntry[] = [];
  let now = 1_000;
  const hub = new AssistHub(
    (entry) => audit.push(entry),
    () => now,
  );
  const user = peer();
  hub.joinUser('help-1', ada, info, user);
  return { hub, audit, user, tick: () => (now += 1_000) };
}

describe('the live-assist relay', () => {
  it('lists who asked for help and when, and refuses an agent without the support capability', () => {
    const { hub } = setup();
    expect(hub.waiting()).toEqual([{ peerId: 'help-1', userId: 'u-ada', sessionInfo: info, askedAt: 1_000, agents: [] }]);
    const notAgent = peer();
    expect(hub.joinAgent('help-1', { ...kim, supportAgent: false }, notAgent)).toBe('notSupportAgent');
    expect(notAgent.closed).toEqual({ code: ASSIST_REFUSED_CLOSE, reason: 'notSupportAgent' });
    const lost = peer();
    expect(hub.joinAgent('nobody', sam, lost)).toBe('noHelpRequest');
  });

  it("refuses another user on someone else's help request", () => {
    const { hub } = setup();
    const other = peer();
    expect(hub.joinUser('help-1', { ...kim, supportAgent: false }, {}, other)).toBe('notYourRequest');
    expect(other.closed?.reason).toBe('notYourRequest');
  });

  it("a consent round trip: the agent's request reaches the user stamped with the real agent, the answer reaches that agent, and both are audited", () => {
    const { hub, audit, user } = setup();
    const agent = peer();
    expect(hub.joinAgent('help-1', sam, agent)).toBeNull();
    expect(agent.frames[0]).toMatchObject({ o: 'assist/session', b: { peerId: 'help-1', sessionInfo: info } });
    expect(user.frames).toEqual([{ o: 'assist/agentJoined', b: { agentId: 'u-sam', name: 'Sam Support', iceServers: [] } }]);
    // The agent cannot speak for another agent: the server names who asked.
    hub.receive(agent, { o: 'assist/request', b: { kind: 'control', agentId: 'u-kim' } });
    expect(user.frames.at(-1)).toEqual({ o: 'assist/request', b: { kind: 'control', agentId: 'u-sam' } });
    hub.receive(user, { o: 'assist/answer', b: { kind: 'control', answer: 'accept', agentId: 'u-sam' } });
    expect(agent.frames.at(-1)).toEqual({ o: 'assist/answer', b: { kind: 'control', answer: 'accept', agentId: 'u-sam' } });
    expect(audit.map((e) => [e.event, e.kind, e.answer, e.agentId, e.by])).toEqual([
      ['asked', undefined, undefined, null, 'user'],
      ['joined', undefined, undefined, 'u-sam', 'agent'],
      ['requested', 'control', undefined, 'u-sam', 'agent'],
      ['answered', 'control', 'accept', 'u-sam', 'user'],
    ]);
  });

  it("relays the user's busy answer to the agent who asked, and not to the others", () => {
    const { hub, user } = setup();
    const first = peer();
    const second = peer();
    hub.joinAgent('help-1', sam, first);
    hub.joinAgent('help-1', kim, second);
    hub.receive(second, { o: 'assist/request', b: { kind: 'recording' } });
    hub.receive(user, { o: 'assist/answer', b: { kind: 'recording', answer: 'busy', agentId: 'u-kim' } });
    expect(second.frames.at(-1)).toEqual({ o: 'assist/answer', b: { kind: 'recording', answer: 'busy', agentId: 'u-kim' } });
    expect(first.frames.some((f) => f.o === 'assist/answer')).toBe(false);
  });

  it('ignores what is not in the vocabulary', () => {
    const { hub, user, audit } = setup();
    const agent = peer();
    hub.joinAgent('help-1', sam, agent);
    const before = user.frames.length;
    hub.receive(agent, { o: 'assist/request', b: { kind: 'keyboard' } });
    hub.receive(agent, { o: 'read/12' });
    hub.receive(user, { o: 'assist/answer', b: { kind: 'call', answer: 'maybe' } });
    expect(user.frames).toHaveLength(before);
    expect(audit).toHaveLength(2);
  });

  it("an agent leaving is told to the user; the user's End ends it for every agent at once", () => {
    const { hub, user, audit } = setup();
    const first = peer();
    const second = peer();
    hub.joinAgent('help-1', sam, first);
    hub.joinAgent('help-1', kim, second);
    hub.leave(second);
    expect(user.frames.at(-1)).toEqual({ o: 'assist/agentLeft', b: { agentId: 'u-kim' } });
    hub.receive(user, { o: 'assist/end' });
    expect(first.frames.at(-1)).toEqual({ o: 'assist/end' });
    expect(first.closed).toEqual({ code: 1000, reason: 'ended' });
    expect(hub.waiting()).toEqual([]);
    expect(audit.at(-1)).toMatchObject({ event: 'ended', by: 'user', agentId: null });
  });

  it("the agent's End closes the user's tab's socket too", () => {
    const { hub, user } = setup();
    const agent = peer();
    hub.joinAgent('help-1', sam, agent);
    hub.receive(agent, { o: 'assist/end' });
    expect(user.frames.at(-1)).toEqual({ o: 'assist/end' });
    expect(user.closed?.code).toBe(1000);
  });

  it("the user's tab reconnecting keeps the request and learns who is there", () => {
    const { hub, user } = setup();
    const agent = peer();
    hub.joinAgent('help-1', sam, agent);
    hub.leave(user);
    const again = peer();
    expect(hub.joinUser('help-1', ada, info, again)).toBeNull();
    expect(again.frames).toEqual([{ o: 'assist/agentJoined', b: { agentId: 'u-sam', name: 'Sam Support', iceServers: [] } }]);
    hub.receive(agent, { o: 'assist/request', b: { kind: 'call' } });
    expect(again.frames.at(-1)).toEqual({ o: 'assist/request', b: { kind: 'call', agentId: 'u-sam' } });
  });

  it('passes call signalling only between the user and the agent whose call she answered, only while it stands; both learn the ICE servers', () => {
    const ice = [{ urls: 'turn:turn.example.org', username: 'kk', credential: 'secret' }];
    const hub = new AssistHub(() => undefined, Date.now, ice);
    const user = peer();
    hub.joinUser('help-2', ada, info, user);
    const caller = peer();
    const other = peer();
    hub.joinAgent('help-2', sam, caller);
    hub.joinAgent('help-2', kim, other);
    expect(caller.frames[0]).toMatchObject({ o: 'assist/session', b: { iceServers: ice } });
    expect(user.frames[0]).toEqual({ o: 'assist/agentJoined', b: { agentId: 'u-sam', name: 'Sam Support', iceServers: ice } });
    const offer = { description: { type: 'offer', sdp: 'v=0' } };
    const candidate = { candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } };
    const signals = (p: FakePeer) => p.frames.filter((f) => f.o === 'assist/signal');
    // Before the user answers: nothing passes.
    hub.receive(caller, { o: 'assist/signal', b: { signal: offer } });
    expect(signals(user)).toEqual([]);
    hub.receive(caller, { o: 'assist/request', b: { kind: 'call' } });
    hub.receive(user, { o: 'assist/answer', b: { kind: 'call', answer: 'accept', agentId: 'u-sam' } });
    hub.receive(caller, { o: 'assist/signal', b: { signal: offer } });
    // Another agent, or a malformed signal, does not reach the user.
    hub.receive(other, { o: 'assist/signal', b: { signal: offer } });
    hub.receive(caller, { o: 'assist/signal', b: { signal: { description: { type: 'rollback', sdp: '' } } } });
    expect(signals(user)).toEqual([{ o: 'assist/signal', b: { signal: offer, agentId: 'u-sam' } }]);
    hub.receive(user, { o: 'assist/signal', b: { signal: candidate } });
    expect(signals(caller)).toEqual([{ o: 'assist/signal', b: { signal: candidate } }]);
    expect(signals(other)).toEqual([]);
    // Hung up: the call no longer stands.
    hub.receive(user, { o: 'assist/release', b: { kind: 'call' } });
    hub.receive(caller, { o: 'assist/signal', b: { signal: candidate } });
    hub.receive(user, { o: 'assist/signal', b: { signal: candidate } });
    expect(signals(user)).toHaveLength(1);
    expect(signals(caller)).toHaveLength(1);
  });

  it("passes the user's live view to every agent, and nothing from an agent as a live view", () => {
    const { hub, user } = setup();
    const first = peer();
    const second = peer();
    hub.joinAgent('help-1', sam, first);
    hub.joinAgent('help-1', kim, second);
    const full = { full: { path: '/i-Contact-1', cells: [], focus: null, scrollY: 0, hidden: false } };
    hub.receive(user, { o: 'assist/view', b: full });
    expect(first.frames.at(-1)).toEqual({ o: 'assist/view', b: full });
    expect(second.frames.at(-1)).toEqual({ o: 'assist/view', b: full });
    const before = user.frames.length;
    hub.receive(first, { o: 'assist/view', b: full });
    expect(user.frames).toHaveLength(before);
  });

  it('passes a command to the user only from the agent holding control, and not while the tab is hidden', () => {
    const { hub, user, audit } = setup();
    const holder = peer();
    const other = peer();
    hub.joinAgent('help-1', sam, holder);
    hub.joinAgent('help-1', kim, other);
    const command = { type: 'open', fromKey: 'i-Contact-1', segment: 'i-Contact-2' };
    const commands = () => user.frames.filter((f) => f.o === 'assist/command');
    hub.receive(holder, { o: 'assist/command', b: { command } });
    expect(holder.frames.at(-1)).toEqual({ o: 'assist/refused', b: { reason: 'noControl' } });
    hub.receive(holder, { o: 'assist/request', b: { kind: 'control' } });
    hub.receive(user, { o: 'assist/answer', b: { kind: 'control', answer: 'accept', agentId: 'u-sam' } });
    hub.receive(holder, { o: 'assist/command', b: { command } });
    expect(commands()).toEqual([{ o: 'assist/command', b: { command, agentId: 'u-sam' } }]);
    expect(audit.at(-1)).toMatchObject({ event: 'commanded', agentId: 'u-sam', by: 'agent' });
    // Another agent, a malformed command, a hidden tab: refused by the relay.
    hub.receive(other, { o: 'assist/command', b: { command } });
    expect(other.frames.at(-1)).toEqual({ o: 'assist/refused', b: { reason: 'noControl' } });
    hub.receive(holder, { o: 'assist/command', b: { command: { type: 'type', keys: 'x' } } });
    expect(holder.frames.at(-1)).toEqual({ o: 'assist/refused', b: { reason: 'badCommand' } });
    hub.receive(user, { o: 'assist/visibility', b: { visible: false } });
    hub.receive(holder, { o: 'assist/command', b: { command } });
    expect(holder.frames.at(-1)).toEqual({ o: 'assist/refused', b: { reason: 'paused' } });
    hub.receive(user, { o: 'assist/visibility', b: { visible: true } });
    hub.receive(holder, { o: 'assist/command', b: { command } });
    expect(commands()).toHaveLength(2);
    // Taken back by the user: refused again.
    hub.receive(user, { o: 'assist/release', b: { kind: 'control', agentId: 'u-sam' } });
    hub.receive(holder, { o: 'assist/command', b: { command } });
    expect(holder.frames.at(-1)).toEqual({ o: 'assist/refused', b: { reason: 'noControl' } });
    expect(commands()).toHaveLength(2);
  });

  it('tells the shared waiting list when a request begins, its agents change and it ends; handed over, its agents are told it ended', () => {
    const changes: [string, string[] | null][] = [];
    const hub = new AssistHub(
      () => undefined,
      () => 1_000,
      [],
      (peerId, request) => changes.push([peerId, request ? request.agents.map((a) => a.name) : null]),
    );
    const user = peer();
    hub.joinUser('help-9', ada, info, user);
    const agent = peer();
    hub.joinAgent('help-9', sam, agent);
    hub.leave(agent);
    const again = peer();
    hub.joinAgent('help-9', sam, again);
    expect(changes).toEqual([
      ['help-9', []],
      ['help-9', ['Sam Support']],
      ['help-9', []],
      ['help-9', ['Sam Support']],
    ]);
    // Someone else's tab cannot take it away; hers (on another process) can.
    hub.handOver('help-9', kim.userId);
    expect(hub.has('help-9')).toBe(true);
    hub.handOver('help-9', ada.userId);
    expect(hub.has('help-9')).toBe(false);
    expect(again.frames.at(-1)).toEqual({ o: 'assist/end' });
    expect(again.closed).toEqual({ code: 1000, reason: 'ended' });
    expect(user.closed).toEqual({ code: 1000, reason: 'replaced' });
    // The other process lists it now: this one does not take it off the list.
    expect(changes).toHaveLength(4);
    // An End by the user takes it off.
    const other = peer();
    hub.joinUser('help-10', ada, info, other);
    hub.receive(other, { o: 'assist/end' });
    expect(changes.at(-1)).toEqual(['help-10', null]);
  });
});
