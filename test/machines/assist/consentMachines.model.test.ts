import { createMachine, type AnyMachineSnapshot } from 'xstate';
import { callingMachine } from '../../../machines/assist/callingMachine';
import type { CallMedia } from '../../../machines/assist/peerConnection';
import type { peerCallMachine } from '../../../machines/assist/peerCallMachine';
import { controlMachine } from '../../../machines/assist/controlMachine';
import { recordingMachine } from '../../../machines/assist/recordingMachine';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

const serializeState = (snapshot: AnyMachineSnapshot): string =>
  `${JSON.stringify(snapshot.value)}|${String((snapshot.context as { agentId: string | null }).agentId)}`;

// Two agents, so that a second agent's request (busy) and the other agent's leaving (ignored) are tried too.
const agentEvents = [
  { type: 'agent.request', agentId: 'a1' },
  { type: 'agent.request', agentId: 'a2' },
  { type: 'agent.left', agentId: 'a1' },
  { type: 'agent.left', agentId: 'a2' },
  { type: 'assist.end' },
  { type: 'user.accept' },
  { type: 'user.decline' },
];

describe('live-assist consent machines, model', () => {
  it('control: every state and transition, the 30 s time-out by the simulated clock', () => {
    const report = exploreModel({
      name: 'assist control',
      machine: controlMachine,
      variants: [{ name: 'default', input: () => undefined }],
      events: [
        ...agentEvents,
        { type: 'control.release' },
        { type: 'agent.command', agentId: 'a1', command: { type: 'navigate', path: '/i-Contact-1' } },
        { type: 'agent.command', agentId: 'a2', command: { type: 'navigate', path: '/i-Contact-1' } },
        { type: 'tab.hidden' },
        { type: 'tab.visible' },
        delayed('confirmTimeout', 'assistControl.Requesting'),
      ],
      serializeState,
    });
    expectFullCoverage(report, 5);
  });

  it('calling: every state and transition, with and without devices to call with', () => {
    // The call itself is peerCallMachine's (its own model test): here it runs until its end is sent.
    const machine = callingMachine.provide({ actors: { call: createMachine({}) as unknown as typeof peerCallMachine } });
    const media: CallMedia = {
      localStream: () => new Promise(() => undefined),
      createPeer: () => {
        throw new Error('The call is replaced in this test');
      },
    };
    const signal = { description: { type: 'offer', sdp: 'v=0' } };
    const report = exploreModel({
      name: 'assist calling',
      machine,
      variants: [
        { name: 'no devices', input: () => ({}) },
        { name: 'devices', input: () => ({ media }) },
      ],
      events: [
        ...agentEvents,
        { type: 'call.error' },
        { type: 'call.hangUp' },
        { type: 'call.configured', iceServers: [{ urls: 'stun:stun.example.org' }] },
        { type: 'call.signal', signal },
        { type: 'call.outgoing', signal },
        { type: 'xstate.done.actor.call', output: undefined },
        delayed('confirmTimeout', 'assistCalling.Requesting'),
      ],
      serializeState,
    });
    expectFullCoverage(report, 5);
  });

  it('recording: every state and transition', () => {
    const report = exploreModel({
      name: 'assist recording',
      machine: recordingMachine,
      variants: [
        { name: 'no recorder', input: () => ({}) },
        { name: 'recorder', input: () => ({ recorder: { start: () => ({ stop: () => undefined }) } }) },
      ],
      events: [...agentEvents, { type: 'recording.stop' }, delayed('confirmTimeout', 'assistRecording.Requested')],
      serializeState,
    });
    expectFullCoverage(report, 5);
  });
});
