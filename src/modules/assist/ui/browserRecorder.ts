/**
 * Recording the user's tab in the browser (issue 18; tabRecorder.ts's RecordMedia): MediaRecorder
 * on the call's sound (both voices, mixed) and the agent's picture when there is a call, else on a
 * canvas drawing the tab's live view (its address, columns and fields) at 30 frames a second. Stopping
 * uploads the file through the upload path as an Attachment on the user's own record, which
 * `recordingList` reports as saving, saved (to open and delete) or failed.
 */
import type { LiveTab } from '../../../../machines/assist/liveStream';
import type { RecordMedia } from '../../../../machines/assist/tabRecorder';
import { recordingList } from './recordingList';

export interface BrowserRecorderDeps {
  /** The call's streams now (none without a call). */
  callStreams(): MediaStream[];
  /** The tab, drawn when there is no call. */
  tab: LiveTab | null;
  /** Stores the file; answers the Attachment's id. */
  upload(file: File): Promise<string>;
  /** The file's name, from the time recording started. */
  fileName(started: Date): string;
}

const FPS = 30;
/** The longest a recording stopped at once waits for its first data. */
const FIRST_DATA_MS = 3_000;
const WIDTH = 1280;
const HEIGHT = 720;

function pickType(): string {
  const types = ['video/webm;codecs=vp8,opus', 'video/webm'];
  return types.find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
}

/** The call's voices mixed into one track, with the agent's picture (or the user's own). */
function callStream(streams: MediaStream[]): { stream: MediaStream; close: () => void } {
  const audio = new AudioContext();
  const mix = audio.createMediaStreamDestination();
  for (const s of streams) if (s.getAudioTracks().length > 0) audio.createMediaStreamSource(s).connect(mix);
  const video = streams.flatMap((s) => s.getVideoTracks())[0];
  const stream = new MediaStream([...mix.stream.getAudioTracks(), ...(video ? [video] : [])]);
  return { stream, close: () => void audio.close() };
}

/** The tab's live view drawn on a canvas: its address, then each column's title and fields. */
function liveViewStream(tab: LiveTab | null): { stream: MediaStream; close: () => void } {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const g = canvas.getContext('2d')!;
  const draw = (): void => {
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, WIDTH, HEIGHT);
    g.fillStyle = '#111111';
    if (!tab) return;
    const view = tab.snapshot();
    g.font = '20px sans-serif';
    g.fillText(view.path, 24, 36);
    const width = Math.max(240, Math.floor((WIDTH - 24) / Math.max(1, view.cells.length)));
    view.cells.forEach((cell, i) => {
      const x = 24 + i * width;
      let y = 84;
      g.font = 'bold 22px sans-serif';
      g.fillText(cell.title, x, y, width - 24);
      g.font = '16px sans-serif';
      for (const field of cell.fields) {
        y += 28;
        if (y > HEIGHT - 12) break;
        g.fillText(`${field.label}: ${field.value}`, x, y, width - 24);
      }
    });
  };
  draw();
  // Redrawn every frame, so the recording has frames while nothing changes too.
  const timer = window.setInterval(draw, 1000 / FPS);
  const stream = canvas.captureStream(FPS);
  return { stream, close: () => window.clearInterval(timer) };
}

export function createBrowserRecorder(deps: BrowserRecorderDeps): RecordMedia {
  return {
    start() {
      const started = new Date();
      const streams = deps.callStreams();
      const source = streams.length > 0 ? callStream(streams) : liveViewStream(deps.tab);
      const mimeType = pickType();
      const recorder = new MediaRecorder(source.stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      // A recording stopped before its first picture waits for it (at most FIRST_DATA_MS), so it is never empty.
      let stopOnData = false;
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data);
        if (stopOnData && chunks.length > 0 && recorder.state === 'recording') recorder.stop();
      };
      recorder.start(1000);
      return {
        stop() {
          const name = deps.fileName(started);
          const entry = recordingList.add(name);
          recorder.onstop = () => {
            source.close();
            const type = (recorder.mimeType || 'video/webm').split(';')[0]!;
            const blob = new Blob(chunks, { type });
            if (blob.size === 0) {
              recordingList.update(entry, { status: 'failed' });
              return;
            }
            deps.upload(new File([blob], name, { type })).then(
              (id) => recordingList.update(entry, { status: 'saved', id }),
              () => recordingList.update(entry, { status: 'failed' }),
            );
          };
          if (recorder.state === 'inactive') recorder.onstop(new Event('stop'));
          else if (chunks.length > 0) recorder.stop();
          else {
            stopOnData = true;
            window.setTimeout(() => recorder.state === 'recording' && recorder.stop(), FIRST_DATA_MS);
          }
        },
      };
    },
  };
}
