/**
 * What recording the user's tab needs of the browser (issue 18): start a recording now, and stop it,
 * which stores it (src/modules/assist/ui/browserRecorder.ts: MediaRecorder, then an upload as an
 * Attachment on the user's own record). The recording chart runs it while Recording.
 */
import { fromCallback } from 'xstate';

export interface RecordMedia {
  /** Starts recording: the call's sound and picture when there is a call, else the tab's live view. */
  start(): { stop(): void };
}

/** One recording, from the Recording state's entry to its exit (stopping stores it). */
export const tabRecorderLogic = fromCallback<{ type: 'noop' }, { media: RecordMedia }>(({ input }) => {
  const running = input.media.start();
  return () => running.stop();
});
