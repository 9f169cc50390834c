/** What the page's first script (earlyRequests.ts) leaves for the app: the socket it opened, what it heard, and the overrides it asked for. */

/** Something that happened on the early socket, in the order it happened. */
export type PreconnectEvent = { type: 'open' } | { type: 'message'; data: unknown } | { type: 'close'; code: number; reason: string };

/** The early socket, opened and authenticated with `token` before the app's bundle ran. */
export interface Preconnect {
  url: string;
  token: string;
  socket: WebSocket;
  /** Heard before the app took the socket. */
  events: PreconnectEvent[];
  /** Set once the app took the socket: from then on events go to it instead of `events`. */
  listener: ((event: PreconnectEvent) => void) | null;
  claimed: boolean;
}

/** The message overrides of `lang`, asked for before the app's bundle ran. */
export interface EarlyOverrides {
  lang: string;
  /** The answer, or null when the request failed. */
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    /** Left by earlyRequests.ts when it opened a socket. */
    __kkPreconnect?: Preconnect;
    /** Left by earlyRequests.ts: taken once by loadOverrides. */
    __kkOverrides?: EarlyOverrides;
  }
}
