/**
 * The browser's side of a live-assist call (issue 18): the microphone and camera, and one
 * RTCPeerConnection to the other side. The peer call machine (peerCallMachine.ts) invokes these two
 * callbacks; tests replace them. Signalling goes out as `peer.signal` and comes in as `call.signal`:
 * the caller (the agent's console) offers, the callee (the user's tab) answers, and both trickle
 * their ICE candidates; each message is applied after the one before it, in the order it came.
 */
import { fromCallback } from 'xstate';
import type { AssistIceServer, CallSignal } from '../../src/modules/assist/protocol';

/** How a call reaches the browser's devices and WebRTC (src/modules/assist/ui/browserCallMedia.ts; faked in tests). */
export interface CallMedia {
  /** The microphone, and the camera where there is one. */
  localStream(): Promise<MediaStream>;
  /** A new peer connection using these STUN/TURN servers. */
  createPeer(iceServers: AssistIceServer[]): RTCPeerConnection;
}

export type CallRole = 'caller' | 'callee';

/** What the two callbacks tell the peer call machine. */
export type PeerEvent =
  | { type: 'media.ready'; stream: MediaStream }
  | { type: 'media.failed' }
  | { type: 'peer.signal'; signal: CallSignal }
  | { type: 'peer.remoteStream'; stream: MediaStream }
  | { type: 'peer.connected' }
  | { type: 'peer.disconnected' }
  | { type: 'peer.failed' };

/** Signalling from the other side. */
export type CallSignalEvent = { type: 'call.signal'; signal: CallSignal };

/** Gets the local stream, and stops its tracks when the call ends (leaving the devices free). */
export const localMediaLogic = fromCallback<{ type: 'noop' }, { media: CallMedia }>(({ input, sendBack }) => {
  let stopped = false;
  let stream: MediaStream | null = null;
  input.media.localStream().then(
    (s) => {
      stream = s;
      if (stopped) s.getTracks().forEach((t) => t.stop());
      else sendBack({ type: 'media.ready', stream: s });
    },
    () => {
      if (!stopped) sendBack({ type: 'media.failed' });
    },
  );
  return () => {
    stopped = true;
    stream?.getTracks().forEach((t) => t.stop());
  };
});

export interface PeerConnectionInput {
  media: CallMedia;
  role: CallRole;
  iceServers: AssistIceServer[];
  localStream: MediaStream;
  /** Signalling that came before the connection existed, in order. */
  pending: CallSignal[];
}

/** One RTCPeerConnection for the call's life: closed when the call ends. */
export const peerConnectionLogic = fromCallback<CallSignalEvent, PeerConnectionInput>(({ input, sendBack, receive }) => {
  const pc = input.media.createPeer(input.iceServers);
  let closed = false;
  const tell = (event: PeerEvent): void => {
    if (!closed) sendBack(event);
  };
  let chain: Promise<void> = Promise.resolve();
  const run = (step: () => Promise<void>): void => {
    chain = chain.then(step).catch(() => tell({ type: 'peer.failed' }));
  };
  const sendDescription = (): void => {
    const d = pc.localDescription;
    if (d && (d.type === 'offer' || d.type === 'answer'))
      tell({ type: 'peer.signal', signal: { description: { type: d.type, sdp: d.sdp } } });
  };

  for (const track of input.localStream.getTracks()) pc.addTrack(track, input.localStream);
  pc.onicecandidate = (e) => {
    if (e.candidate)
      tell({
        type: 'peer.signal',
        signal: { candidate: e.candidate.toJSON() as Extract<CallSignal, { candidate: unknown }>['candidate'] },
      });
  };
  pc.ontrack = (e) => tell({ type: 'peer.remoteStream', stream: e.streams[0] ?? new MediaStream([e.track]) });
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === 'connected') tell({ type: 'peer.connected' });
    else if (pc.connectionState === 'disconnected') tell({ type: 'peer.disconnected' });
    else if (pc.connectionState === 'failed') tell({ type: 'peer.failed' });
  };

  const take = (signal: CallSignal): void =>
    run(async () => {
      if ('description' in signal) {
        await pc.setRemoteDescription(signal.description);
        if (signal.description.type === 'offer') {
          await pc.setLocalDescription();
          sendDescription();
        }
      } else await pc.addIceCandidate(signal.candidate);
    });

  if (input.role === 'caller') {
    run(async () => {
      await pc.setLocalDescription();
      sendDescription();
    });
  }
  input.pending.forEach(take);
  receive((event) => take(event.signal));
  return () => {
    closed = true;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.onconnectionstatechange = null;
    pc.close();
  };
});
