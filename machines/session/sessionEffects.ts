/**
 * The side effects the session machines are given instead of touching the browser themselves,
 * so that they run the same under jest, under jsdom with mock-socket, and in the browser.
 */
import type { Frame, UserMessage } from '../../src/shared/protocol';

// A handler type that accepts the DOM's richer event objects (WebSocket, mock-socket) without casts.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** The part of a WebSocket the connection uses; the DOM WebSocket and mock-socket's both fit. */
export interface SocketLike {
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Opens a socket; the connection passes the path `/ws` and the shell resolves it against the page origin. */
export type SocketFactory = (url: string) => SocketLike;

/** Local storage as the session uses it (the DOM Storage fits). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Cookie access by name. */
export interface CookieJar {
  get(name: string): string | undefined;
  /**
   * Writes a cookie for the whole site (`Path=/`, `SameSite=Lax`, `Secure` on https: docs/decisions.md,
   * "Files in a real browser"); it expires at `expires` (an ISO time), or with the browser session when null.
   */
  set(name: string, value: string, expires: string | null): void;
  remove(name: string): void;
}

/** Credentials of `POST /api/sign-in`. */
export interface Credentials {
  email: string;
  password: string;
}

/** What `POST /api/sign-in` answered: the status, the `x-vgn-token` header and the JSON body. */
export interface SignInAnswer {
  status: number;
  token: string | null;
  body: unknown;
}

/** The account calls outside the socket (DESIGN.md "Live protocol"): `POST /api/{path}`. */
export type AccountPath = 'register' | 'forgot-password' | 'set-pass' | 'confirm-email';

/** What an account call answered: the status, the `x-vgn-token` header (set-pass signs in) and the JSON body. */
export interface AccountAnswer {
  status: number;
  token: string | null;
  body: unknown;
}

/** What an upload is told, and how it reports its progress. */
export interface UploadRequest {
  /** The signed-in user's token, sent as `Authorization: Bearer`. */
  token: string | null;
  /** tus Upload-Metadata: `filename`, and optionally `relType`, `relIndex`, `relProp`, `access`. */
  metadata: Record<string, string>;
  onProgress(sent: number, total: number): void;
}

/** How `UploadHandle.done` rejects: with the server's message key when it refused the file. */
export interface UploadFailure extends Error {
  reason?: UserMessage;
}

/** A running upload: the id of the Attachment item it made once done, and how to stop it. */
export interface UploadHandle {
  done: Promise<string>;
  abort(): void;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Every effect the session needs, given as the root machine's input. */
export interface SessionEffects {
  createSocket: SocketFactory;
  /** `POST /api/item` with the frame, `Authorization: Bearer <token>` when a token is given; resolves to the reply frame. */
  postItem(frame: Frame, token: string | null): Promise<Frame>;
  /** `GET /api/stream/{key}`: the frames of a streamed reply not yet taken, and whether it is done (x-vgn-stream-done); rejects when it cannot be had. */
  getStream(key: string, token: string | null): Promise<{ frames: Frame[]; done: boolean }>;
  /** `POST /api/sign-in`; rejects only on network failure. */
  postSignIn(credentials: Credentials): Promise<SignInAnswer>;
  /** `POST /api/{path}` of an account page; rejects only on network failure. */
  postAccount(path: AccountPath, body: Record<string, string>): Promise<AccountAnswer>;
  /** Null when the browser refuses local storage (private mode, disabled storage). */
  localStorage: KeyValueStorage | null;
  cookies: CookieJar;
  reload(): void;
  /** Starts the download of a task result. */
  download(uri: string): void;
  /** A number in [0, 1), for the retry jitter. */
  random(): number;
  /** The time in ms since the epoch, for the session's clock (relative times). */
  now(): number;
  log(level: LogLevel, message: string, detail?: unknown): void;
  /** Changes the browser's location (history push, or replace); the router follows the change. */
  navigate(to: string, options: { replace: boolean }): void;
  /** Opens a path in a new browser tab (modifier-click). */
  openTab(href: string): void;
  /** Sends a file to the tus endpoint (UPLOAD_PATH, resumable); `done` rejects when it fails or is aborted. */
  upload(file: File, request: UploadRequest): UploadHandle;
}
