/**
 * The browser's devices and WebRTC for live-assist calls (peerConnection.ts's CallMedia): the
 * microphone, with the camera when the computer has one, and RTCPeerConnection. A browser that
 * offers no devices (an address that is not secure, or no microphone allowed) makes the call fail,
 * which both sides then show.
 */
import type { CallMedia } from '../../../../machines/assist/peerConnection';

export const browserCallMedia: CallMedia = {
  async localStream() {
    const devices = navigator.mediaDevices;
    if (!devices?.getUserMedia) throw new Error('This page cannot use the microphone (its address is not secure)');
    const known = await devices.enumerateDevices();
    const camera = known.some((d) => d.kind === 'videoinput');
    try {
      return await devices.getUserMedia({ audio: true, video: camera });
    } catch (e) {
      // A camera in use elsewhere or refused: the call goes on with sound alone.
      if (camera) return devices.getUserMedia({ audio: true, video: false });
      throw e;
    }
  },
  createPeer: (iceServers) => new RTCPeerConnection({ iceServers }),
};
