import { createActor, setup, SimulatedClock, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { callingMachine, selectCallRinging, selectOnCall } from '../../../machines/assist/callingMachine';
import { controlMachine, selectControlActive, selectControlPrompt } from '../../../machines/assist/controlMachine';
import { recordingMachine, selectRecordingBorder, selectRecordingPrompt } from '../../../machines/assist/recordingMachine';
import type { AssistTellEvent } from '../../../machines/assist/consentActions';
import type { AssistOutgoing } from '../../../src/modules/assist/protocol';
import { ASSIST_PROMPT_TEXTS, agentDisplayName, assistRetryDelayMs, assistSocketUrl } from '../../../src/modules/assist/protocol';

/** Runs a consent machine as the help session would: its parent records what would reach the agent. */
function harness(machine: AnyStateMachine) {
  const sent: AssistOutgoing[] = [];
  const clock = new SimulatedClock();
  const root = setup({
    types: { events: {} as AssistTellEvent },
    actors: { machine },
  }).createMachine({
    invoke: { src: 'machine', id: 'consent' },
    on: { 'assist.tell': { actions: ({ event }) => sent.push(event.message) } },
  });
  const actor = createActor(root, { clock }).start();
  const consent = (): AnyActorRef => actor.getSnapshot().children.consent as AnyActorRef;
  return { sent, clock, consent, send: (event: { type: string; [key: string]: unknown }) => consent().send(event) };
}

describe('control', () => {
  it('asks, then grants control; a second request answers busy; hiding the tab pauses it', () => {
    const h = harness(controlMachine);
    h.send({ type: 'agent.request', agentId: 'a1' });
    expect(selectControlPrompt(h.consent().getSnapshot())).toBe(true);
    h.send({ type: 'user.accept' });
    expect(selectControlActive(h.consent().getSnapshot())).toBe(true);
    h.send({ type: 'agent.request', agentId: 'a2' });
    h.send({ type: 'tab.hidden' });
    expect(selectControlActive(h.consent().getSnapshot())).toBe(false);
    h.send({ type: 'tab.visible' });
    expect(selectControlActive(h.consent().getSnapshot())).toBe(true);
    h.send({ type: 'control.release' });
    expect(h.consent().getSnapshot().value).toBe('Disabled');
    expect(h.sent).toEqual([
      { o: 'assist/answer', b: { kind: 'control', answer: 'accept', agentId: 'a1' } },
      { o: 'assist/answer', b: { kind: 'control', answer: 'busy', agentId: 'a2' } },
      { o: 'assist/visibility', b: { visible: false } },
      { o: 'assist/visibility', b: { visible: true } },
      { o: 'assist/release', b: { kind: 'control', agentId: 'a1' } },
    ]);
  });

  it('falls back to Disabled when the user does not answer within 30 s', () => {
    const h = harness(controlMachine);
    h.send({ type: 'agent.request', agentId: 'a1' });
    h.clock.increment(29_999);
    expect(h.consent().getSnapshot().value).toBe('Requesting');
    h.clock.increment(1);
    expect(h.consent().getSnapshot().value).toBe('Disabled');
    expect(h.sent).toEqual([{ o: 'assist/answer', b: { kind: 'control', answer: 'timeout', agentId: 'a1' } }]);
  });

  it('the controlling agent leaving disables control; another agent leaving does not', () => {
    const h = harness(controlMachine);
    h.send({ type: 'agent.request', agentId: 'a1' });
    h.send({ type: 'user.accept' });
    h.send({ type: 'agent.left', agentId: 'a2' });
    expect(h.consent().getSnapshot().matches('Enabled')).toBe(true);
    h.send({ type: 'agent.left', agentId: 'a1' });
    expect(h.consent().getSnapshot().value).toBe('Disabled');
  });
});

describe('calling', () => {
  it('rings, is answered, and a hang-up ends it; declining tells the agent', () => {
    const h = harness(callingMachine);
    h.send({ type: 'agent.request', agentId: 'a1' });
    expect(selectCallRinging(h.consent().getSnapshot())).toBe(true);
    h.send({ type: 'user.decline' });
    expect(h.consent().getSnapshot().value).toBe('False');
    h.send({ type: 'agent.request', agentId: 'a1' });
    h.send({ type: 'user.accept' });
    expect(selectOnCall(h.consent().getSnapshot())).toBe(true);
    h.send({ type: 'agent.request', agentId: 'a2' });
    h.send({ type: 'call.hangUp' });
    expect(h.consent().getSnapshot().value).toBe('False');
    expect(h.sent.map((m) => ('b' in m && 'answer' in m.b ? m.b.answer : m.o))).toEqual(['decline', 'accept', 'busy', 'assist/release']);
  });

  it('stops ringing after 30 s', () => {
    const h = harness(callingMachine);
    h.send({ type: 'agent.request', agentId: 'a1' });
    h.clock.increment(30_000);
    expect(h.consent().getSnapshot().value).toBe('False');
  });
});

describe('recording', () => {
  it('shows the border only while recording; a request while recording answers busy; stop ends it', () => {
    const h = harness(recordingMachine);
    h.send({ type: 'agent.request', agentId: 'a1' });
    expect(selectRecordingPrompt(h.consent().getSnapshot())).toBe(true);
    expect(selectRecordingBorder(h.consent().getSnapshot())).toBe(false);
    h.send({ type: 'user.accept' });
    expect(selectRecordingBorder(h.consent().getSnapshot())).toBe(true);
    h.send({ type: 'agent.request', agentId: 'a1' });
    h.send({ type: 'recording.stop' });
    expect(selectRecordingBorder(h.consent().getSnapshot())).toBe(false);
    expect(h.sent).toEqual([
      { o: 'assist/answer', b: { kind: 'recording', answer: 'accept', agentId: 'a1' } },
      { o: 'assist/answer', b: { kind: 'recording', answer: 'busy', agentId: 'a1' } },
      { o: 'assist/release', b: { kind: 'recording', agentId: 'a1' } },
    ]);
  });

  it('records while Recording: the recorder starts on Allow Recording and stops (storing the file) on stop', () => {
    const runs: string[] = [];
    const recorder = { start: () => (runs.push('start'), { stop: () => void runs.push('stop') }) };
    const actor = createActor(recordingMachine, { input: { recorder } }).start();
    actor.send({ type: 'agent.request', agentId: 'a1' });
    expect(runs).toEqual([]);
    actor.send({ type: 'user.accept' });
    expect(runs).toEqual(['start']);
    actor.send({ type: 'recording.stop' });
    expect(runs).toEqual(['start', 'stop']);
    expect(selectRecordingBorder(actor.getSnapshot())).toBe(false);
  });

  it('a machine run alone tells nobody', () => {
    const actor = createActor(recordingMachine, { input: {} }).start();
    actor.send({ type: 'agent.request', agentId: 'a1' });
    actor.send({ type: 'user.accept' });
    expect(selectRecordingBorder(actor.getSnapshot())).toBe(true);
  });

  it('ending the help session turns everything off at once', () => {
    const h = harness(recordingMachine);
    h.send({ type: 'agent.request', agentId: 'a1' });
    h.send({ type: 'user.accept' });
    h.send({ type: 'assist.end' });
    expect(h.consent().getSnapshot().value).toBe('Off');
  });
});

describe('assist protocol', () => {
  it('has the exact prompt and button texts of spec 000 §8', () => {
    expect(Object.values(ASSIST_PROMPT_TEXTS)).toEqual([
      'You have an incoming call. Do you want to answer?',
      'Agent requested remote control. Allow?',
      'Agent requested to record activity in this browser tab.',
      'Answer',
      'Grant Remote Control',
      'Allow Recording',
      'Reject',
    ]);
  });

  it('waits 1 s before the first reconnect, doubling to at most 25 s', () => {
    expect([1, 2, 3, 4, 5, 6, 30].map(assistRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 25000, 25000]);
  });

  it("truncates the agent's name at 20 characters and builds the socket's query", () => {
    expect(agentDisplayName('Short Name')).toBe('Short Name');
    expect(agentDisplayName('A very long agent name indeed')).toHaveLength(20);
    expect(assistSocketUrl({ peerId: 'p1', identity: 'user', tabId: 't1', sessionInfo: '{"name":"A B"}' })).toBe(
      '/ws-assist/socket?peerId=p1&identity=user&tabId=t1&sessionInfo=%7B%22name%22%3A%22A+B%22%7D',
    );
  });
});
