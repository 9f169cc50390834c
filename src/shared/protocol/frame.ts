/** The wire vocabulary of the live socket and POST /api/item (spec 000 §7, DESIGN.md "Live protocol"). */

/** Every socket frame and HTTP message: operation, body, sequence, error flag, client version. */
export interface Frame<B = unknown> {
  o: string;
  b?: B;
  s?: number;
  erred?: boolean;
  v?: string;
  /** On an item's update push: the change was made by a request of this very socket (no news to its tab). */
  own?: true;
  /** Asks for the reply in pieces (docs/modules.md "Streamed answers"): answered `{streamKey}`, then `stream:{key}` pushes. */
  stream?: boolean;
}

/** The operation of the pushes that carry a streamed reply's pieces: `stream:{key}`. */
export const STREAM_PUSH_PREFIX = 'stream:';

/** The reply to a request that asked for streaming; `polled` when the pieces are fetched by GET /api/stream/{key} (HTTP). */
export interface StreamKeyBody {
  streamKey: string;
  polled?: boolean;
}

/** The body of a `stream:{key}` push: the `n`th piece (from 1) of the reply, and whether it is the last. */
export interface StreamPieceBody<P = unknown> {
  n: number;
  piece: P;
  done: boolean;
}

/** Body of a failed reply: `userMessage` is a message key shown as `errors.{userMessage}`. */
export interface ErrorBody {
  userMessage: string;
  sysMessage?: string;
  /** For `validationFailed`: property name to form-rule message key. */
  fields?: Record<string, string>;
}

/** A failed reply frame. */
export interface ErrorFrame extends Frame<ErrorBody> {
  erred: true;
}

/** Socket close codes. */
export const CloseCode = {
  normal: 1000,
  /** Closed for breaking the rules, e.g. still flooding after tooManyRequests replies. */
  policy: 1008,
  tooLarge: 1009,
  /** The server failed where it could not answer a request (a sign-in it could not check): the client connects again. */
  internalError: 1011,
  /** The server asks the client to connect again (what it pushed may have been missed): RFC 6455 "service restart". */
  serviceRestart: 1012,
  auth: 4001,
  noResponse: 4500,
} as const;

/** Close reasons sent with code 4001. */
export const CloseReason = {
  identFailed: 'identFailed',
  expiredOnConnect: 'expiredOnConnect',
  tokenExpired: 'tokenExpired',
  signedout: 'signedout',
  authTimeout: 'authTimeout',
  blocked: 'blocked',
} as const;
export type CloseReason = (typeof CloseReason)[keyof typeof CloseReason];

/** Operations the server pushes without a request. */
export const Push = {
  authed: 'authed',
  tokenWarning: 'tokenWarning',
  newToken: 'newToken',
  taskUpdate: 'taskUpdate',
  taskComplete: 'taskComplete',
  itemUpdate: 'item/update',
  itemAction: 'item/action',
  itemNotify: 'item/notify',
  /** The active system alerts (a list of SystemAlertPush), at sign-in and whenever they change. */
  sysAlerts: 'sysAlerts',
  /** Parts of the site config that changed (a partial SiteConfig, e.g. `{menu}`), to every open socket. */
  siteConfig: 'siteConfig',
  /** A site text an administrator changed (LocaleOverridePush), to every open socket. */
  localeOverride: 'localeOverride',
} as const;

/** One changed site text as the `localeOverride` push carries it: null puts the bundled message back. */
export interface LocaleOverridePush {
  lang: string;
  key: string;
  message: string | null;
}

/** One system alert as the `sysAlerts` push carries it. */
export interface SystemAlertPush {
  id: string;
  title: string;
  message: string;
  modal: boolean;
}

/** The `userMessage` keys the server answers with (shown by the client as `errors.{key}`). */
export const UserMessage = {
  parseRequestFailed: 'parseRequestFailed',
  unknownOperation: 'unknownOperation',
  invalidId: 'invalidId',
  unknownType: 'unknownType',
  notFound: 'notFound',
  notAllowed: 'notAllowed',
  notSignedIn: 'notSignedIn',
  staleUpdate: 'staleUpdate',
  itemDeleted: 'itemDeleted',
  validationFailed: 'validationFailed',
  signInFailed: 'signInFailed',
  signInThrottled: 'signInThrottled',
  tooLarge: 'tooLarge',
  /** The socket sent more frames than its rate limit allows; the frame was not run. */
  tooManyRequests: 'tooManyRequests',
  /** Uploads and image variants (issue 19): an empty file, an image over the pixel cap or unreadable, variant work queued full. */
  emptyFile: 'emptyFile',
  imageTooLarge: 'imageTooLarge',
  imageUnreadable: 'imageUnreadable',
  serverBusy: 'serverBusy',
  /** The virus scanner found malware in an upload, or could not check it (ASVS 5.4.3): nothing was kept. */
  fileInfected: 'fileInfected',
  scannerUnavailable: 'scannerUnavailable',
  /** No room is left on the server's disk for an upload: nothing of it was kept. */
  storageFull: 'storageFull',
  generalFailure: 'generalFailure',
  /** A database statement outlasted the statement time-out and was stopped (issue 19). */
  queryTimeout: 'queryTimeout',
  /** The database could not be reached (restarting, failing over): nothing was saved, the client may try again. */
  databaseUnavailable: 'databaseUnavailable',
  streamNotFound: 'streamNotFound',
  linkExpired: 'linkExpired',
  registrationClosed: 'registrationClosed',
  emailNotConfirmed: 'emailNotConfirmed',
  /** The item's state chart does not allow that transition from its state for this caller: nothing was written. */
  transitionNotAllowed: 'transitionNotAllowed',
} as const;
export type UserMessage = (typeof UserMessage)[keyof typeof UserMessage];

/** Body of the `tokenWarning` push. */
export interface TokenWarningBody {
  expires: string;
}

/** Body of the `newToken` push. */
export interface NewTokenBody {
  token: string;
  expires: string;
}

/** Body of `addWatch/{type}-0`: property values an item must equal to be pushed. */
export type MatchFilter = Record<string, string | number | boolean | null>;

/** Reply of `addWatch/{type}-0`: the number that `removeWatch/{type}-0/{count}` names. */
export interface TypeWatchReply {
  count: number;
}
