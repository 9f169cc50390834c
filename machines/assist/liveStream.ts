/**
 * The live view's stream (issue 18): while the help session has an agent, it sends the user's tab
 * as app state, a full picture when an agent joins and then only patches when something changes,
 * at most one frame per {@link LIVE_FRAME_MS} (changes in between are gathered into the next frame).
 * With no agent it sends nothing. What the tab is, and how it is read, is the browser's
 * {@link LiveTab}; this actor only decides when to send and what changed.
 */
import { fromCallback } from 'xstate';
import { diffLiveView, type LiveView } from '../../src/modules/assist/liveView';
import { AssistOp, type AssistCommand } from '../../src/modules/assist/protocol';
import type { AssistTellEvent } from './consentActions';

/** The shortest time between two live view frames (about one animation frame at 30 per second). */
export const LIVE_FRAME_MS = 33;

/** The user's tab, as the browser reads it (src/modules/assist/ui/liveTab.ts) or a test fakes it. */
export interface LiveTab {
  /** The live view now. */
  snapshot(): LiveView;
  /** Calls `onChange` whenever the view may have changed; answers the unsubscribe. */
  subscribe(onChange: () => void): () => void;
  /** Replays an agent's command as the actor event a click would send; false when it may not be replayed. */
  replay(command: AssistCommand): boolean;
}

/** How many agents are with the user now (from the help session). */
export type LiveStreamEvent = { type: 'live.agents'; count: number };

export interface LiveStreamInput {
  tab: LiveTab | null;
  /** Timers, replaceable in tests. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** The stream, invoked by the help session while it is active. */
export const liveStreamLogic = fromCallback<LiveStreamEvent, LiveStreamInput>(({ input, sendBack, receive }) => {
  const { tab } = input;
  if (!tab) return undefined;
  const setTimer = input.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = input.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let agents = 0;
  let last: LiveView | null = null;
  let timer: unknown = null;
  let lastSent = -Infinity;

  const tell = (message: AssistTellEvent['message']): void => sendBack({ type: 'assist.tell', message });
  const flush = (): void => {
    timer = null;
    if (agents === 0) return;
    lastSent = Date.now();
    const next = tab.snapshot();
    if (!last) tell({ o: AssistOp.view, b: { full: next } });
    else {
      const patch = diffLiveView(last, next);
      if (patch.length > 0) tell({ o: AssistOp.view, b: { patch } });
    }
    last = next;
  };
  const schedule = (): void => {
    if (agents === 0 || timer !== null) return;
    // A change after a quiet spell goes at once; changes close together wait for the next frame.
    const wait = Math.max(0, LIVE_FRAME_MS - (Date.now() - lastSent));
    timer = setTimer(flush, wait);
  };
  const unsubscribe = tab.subscribe(schedule);
  receive((event) => {
    const joined = event.count > agents;
    agents = event.count;
    if (joined) {
      // A new agent needs the whole picture; the others take it as a fresh start.
      if (timer !== null) clearTimer(timer);
      last = null;
      flush();
    }
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimer(timer);
  };
});
