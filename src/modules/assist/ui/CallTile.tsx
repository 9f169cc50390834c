/**
 * A live-assist call as both sides show it (issue 18): its state (connecting, connected,
 * interrupted), the other side's picture in a small tile when they send one, and their voice.
 * It renders the peer call actor's snapshot, nothing more.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectCallShown, type peerCallMachine } from '../../../../machines/assist/peerCallMachine';
import { useT } from '../../../client/i18n/useT';

export type PeerCallRef = ActorRefFrom<typeof peerCallMachine>;

/** The call's state in words, and the other side's picture and voice. */
export function CallTile({ call, label }: { call: PeerCallRef; label: string }) {
  const t = useT();
  const shown = useSelector(call, selectCallShown);
  const remote = useSelector(call, (s) => s.context.remoteStream);
  return (
    <div className="flex flex-col gap-2" data-testid="assist-call" data-call-state={shown}>
      <span role="status" className="text-sm">
        {t(`assist.call.${shown}`)}
      </span>
      {remote ? <RemoteMedia stream={remote} label={label} /> : null}
    </div>
  );
}

function RemoteMedia({ stream, label }: { stream: MediaStream; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const hasVideo = useHasVideo(stream);
  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    return () => {
      video.srcObject = null;
    };
  }, [stream]);
  // One element plays both: the picture in a small tile, or only the voice when there is no picture.
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      aria-label={label}
      data-testid="assist-call-media"
      className={hasVideo ? 'aspect-video w-48 max-w-full rounded border border-line bg-black object-cover' : 'sr-only'}
    />
  );
}

/** Whether the stream carries a picture (its tracks may arrive after the stream itself). */
function useHasVideo(stream: MediaStream): boolean {
  const [hasVideo, setHasVideo] = useState(() => stream.getVideoTracks().length > 0);
  useEffect(() => {
    const update = (): void => setHasVideo(stream.getVideoTracks().length > 0);
    update();
    stream.addEventListener('addtrack', update);
    stream.addEventListener('removetrack', update);
    return () => {
      stream.removeEventListener('addtrack', update);
      stream.removeEventListener('removetrack', update);
    };
  }, [stream]);
  return hasVideo;
}
