import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { peerCallMachine, selectCallShown } from '../../../machines/assist/peerCallMachine';
import type { CallMedia, PeerConnectionInput } from '../../../machines/assist/peerConnection';
import type { CallSignal } from '../../../src/modules/assist/protocol';
import { delayed, expectFullCoverage, exploreModel } from '../support/modelCoverage';

const media: CallMedia = {
  localStream: () => new Promise(() => undefined),
  createPeer: () => {
    throw new Error('The peer connection is replaced in this test');
  },
};
const stream = { id: 'local' } as unknown as MediaStream;
const offer: CallSignal = { description: { type: 'offer', sdp: 'v=0' } };
const candidate: CallSignal = { candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } };

// The devices and the connection are the browser's (peerConnection.ts): here their answers are the explicit events.
const quiet = peerCallMachine.provide({ actors: { localMedia: fromCallback(() => undefined), peer: fromCallback(() => undefined) } });
const serializeState = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.value);

describe('a live-assist call, model', () => {
  it('every state and transition, the time-outs by the simulated clock', () => {
    const report = exploreModel({
      name: 'assist peer call',
      machine: quiet,
      variants: [
        { name: 'callee', input: () => ({ media, role: 'callee' as const, iceServers: [] }) },
        { name: 'caller', input: () => ({ media, role: 'caller' as const, iceServers: [{ urls: 'stun:stun.example.org' }] }) },
      ],
      events: [
        { type: 'media.ready', stream },
        { type: 'media.failed' },
        { type: 'call.signal', signal: offer },
        { type: 'peer.signal', signal: candidate },
        { type: 'peer.remoteStream', stream },
        { type: 'peer.connected' },
        { type: 'peer.disconnected' },
        { type: 'peer.failed' },
        delayed('connectTimeout', 'peerCall.Live.Connecting'),
        delayed('reconnectTimeout', 'peerCall.Live.Interrupted'),
      ],
      serializeState,
      invariant: (snapshot) =>
        snapshot.matches('Live') && !(snapshot.context as { localStream: unknown }).localStream ? 'live without the local stream' : null,
    });
    expectFullCoverage(report, 6);
  });

  it('hands the connection the signals that came while the devices were being opened, in order, then forwards the rest', () => {
    const started: PeerConnectionInput[] = [];
    const received: unknown[] = [];
    const machine = quiet.provide({
      actors: {
        peer: fromCallback<{ type: 'call.signal'; signal: CallSignal }, PeerConnectionInput>(({ input, receive }) => {
          started.push(input);
          receive((e) => received.push(e.signal));
        }),
      },
    });
    const actor = createActor(machine, { input: { media, role: 'callee', iceServers: [] } }).start();
    actor.send({ type: 'call.signal', signal: offer });
    actor.send({ type: 'call.signal', signal: candidate });
    expect(selectCallShown(actor.getSnapshot())).toBe('preparing');
    actor.send({ type: 'media.ready', stream });
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ role: 'callee', localStream: stream, pending: [offer, candidate] });
    actor.send({ type: 'call.signal', signal: candidate });
    expect(received).toEqual([candidate]);
    expect(selectCallShown(actor.getSnapshot())).toBe('connecting');
    actor.send({ type: 'peer.connected' });
    expect(selectCallShown(actor.getSnapshot())).toBe('connected');
    actor.send({ type: 'peer.failed' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectCallShown(actor.getSnapshot())).toBe('failed');
  });
});
