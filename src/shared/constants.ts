/** Business constants and limits of spec 000 §9, read by both the browser and the server. */

/** Largest socket frame in bytes; larger messages go through POST /api/item. */
export const WS_MAX_MSG_SIZE = 1_048_576;
/** Time-out for a reply to an HTTP call, in ms. */
export const HTTP_TIMEOUT_MS = 60_000;
/** Time-out for a reply to a socket request, in ms. */
export const WS_TIMEOUT_MS = 60_000;
/** Silence after which the client pings, in ms. */
export const PING_AFTER_SILENCE_MS = 30_000;
/** Further silence after a ping before the client closes with 4500, in ms. */
export const CLOSE_AFTER_PING_MS = 45_000;
/** Websocket open time-out for a reconnect attempt, in ms. */
export const WS_OPEN_TIMEOUT_MS = 1_000;
/** Path of the live socket on the site's own host. */
export const WS_PATH = '/ws';
/** Largest exponent term of the retry delay, in seconds. */
export const RETRY_MAX_BACKOFF_S = 600;
/** Fixed part of the retry delay, in seconds. */
export const RETRY_BASE_S = 3;
/** Largest random jitter added to the retry delay, in seconds. */
export const RETRY_JITTER_S = 10;
/**
 * After the server said it is restarting its connection to the database (close 1012): the wait before
 * reconnecting is 1 s plus up to this many seconds of jitter, not the network failure's back-off.
 */
export const RESTART_JITTER_S = 2;
/** How long a socket may stay open without authenticating, in ms (not in the spec; see docs/decisions.md). */
export const AUTH_TIMEOUT_MS = 5_000;

/** Default alert display time, in ms. */
export const ALERT_TIMEOUT_MS = 6_000;
/** Delay before an alert is shown again, in ms. */
export const ALERT_RESHOW_MS = 200;
/** Confirm prompt time-out (live assist), in ms. */
export const CONFIRM_TIMEOUT_MS = 30_000;
/** How long the clipboard success mark shows, in ms. */
export const CLIPBOARD_SUCCESS_MS = 2_000;
/** Map bounds change debounce, in ms. */
export const MAP_BOUNDS_DEBOUNCE_MS = 200;

/** Search: default page size, suggestions, and the "all" size. */
export const SEARCH_DEFAULT_MAX = 50;
export const SEARCH_SUGGESTIONS = 5;
export const SEARCH_MAX_ALL = 2_147_483_647;
export const SEARCH_MIN_TEXT = 3;
export const NOTIFICATION_MENU_SIZE = 5;
export const RECENT_MASQUERADES = 5;

/** Latest date a date field accepts. */
export const DATE_UPPER_BOUND = '2261-12-31';
/** Default map bounds: west, south, east, north. */
export const DEFAULT_BOUNDS: readonly [number, number, number, number] = [-141, 48, -53, 70];

/** Theme colours of spec 000 §9. */
export const DEFAULT_COLOURS = {
  light: { header: '#424242', primary: '#1976D2', secondary: '#424242', accent: '#FDD835' },
  dark: { header: '#424242', primary: '#0F60B1', secondary: '#424242', accent: '#F9A825' },
} as const;

/** File size facet ranges in bytes (upper bounds inclusive; the last is open). */
export const FILE_SIZE_RANGES: readonly (readonly [number, number | null])[] = [
  [0, 1000],
  [1001, 1e6],
  [1_000_001, 1e7],
  [1e7 + 1, 1e8],
  [1e8 + 1, 1e9],
  [1e9 + 1, null],
];

/** Local storage key and cookie name that carry the session token. */
export const TOKEN_STORAGE_KEY = 'Access-Token';
export const TOKEN_COOKIE = 'vgn-token';
/** Response header that carries a new token after sign-in. */
export const TOKEN_HEADER = 'x-vgn-token';
/** Streaming headers of POST /api/item. */
export const EXPECT_STREAM_HEADER = 'x-vgn-expect-stream';
export const STREAM_KEY_HEADER = 'x-vgn-stream-key';
export const STREAM_DONE_HEADER = 'x-vgn-stream-done';

/** The shortest password a user may set. */
export const MIN_PASSWORD_LENGTH = 10;

/** The value a list-of-values field takes for "other" (with free text beside it); always allowed. */
export const LOV_OTHER_MARKER = '__other__';

/** Deepest nesting of objects and arrays a request body may have (searches nest about 15 levels at most). */
export const MAX_BODY_DEPTH = 32;

/**
 * Per-socket rate limit, a token bucket: a socket may send SOCKET_RATE_BURST frames at once and
 * SOCKET_RATE_PER_SECOND a second after that; frames beyond are answered tooManyRequests unread,
 * and a socket refused SOCKET_RATE_CLOSE_AFTER times without a quiet second between is closed. A browser sends a few
 * dozen frames when a page loads (see docs/decisions.md), far below the burst.
 */
export const SOCKET_RATE_PER_SECOND = 100;
export const SOCKET_RATE_BURST = 2 * SOCKET_RATE_PER_SECOND;
export const SOCKET_RATE_CLOSE_AFTER = 200;
