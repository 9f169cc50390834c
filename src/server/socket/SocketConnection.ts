import { randomBytes } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import { SOCKET_RATE_CLOSE_AFTER } from '../../shared/constants';
import {
  CloseCode,
  CloseReason,
  Push,
  STREAM_PUSH_PREFIX,
  type Frame,
  type StreamKeyBody,
  type StreamPieceBody,
  type TokenWarningBody,
} from '../../shared/protocol';
import type { LiveConnection, TypeWatch } from '../live/LiveConnection';
import type { OpContext } from '../ops/OpContext';
import { erredReply, type Dispatcher } from '../ops/Dispatcher';
import { OpError } from '../OpError';
import type { Caller, Principal } from '../policy/Principal';
import type { Services } from '../services';
import { activeSystemAlerts, sysAlertsFor } from '../live/systemAlerts';
import { originOf, withChangeOrigin } from '../live/changeOrigin';
import { socketClock, type Ticking } from './socketClock';
import { streamPieces } from './streamedReply';
import { TokenBucket } from './TokenBucket';

let nextId = 1;

/** Where a socket keeps its connection, so one listener function serves every socket (no closures a socket). */
const CONNECTION = Symbol('connection');
type Carrying = WebSocket & { [CONNECTION]?: SocketConnection };

// The socket's listeners: `this` is the socket the event came from.
function onSocketMessage(this: Carrying, data: RawData, isBinary: boolean): void {
  this[CONNECTION]?.received(data, isBinary);
}
function onSocketGone(this: Carrying): void {
  this[CONNECTION]?.gone();
}

/**
 * One live socket: authenticates with the first frame, then answers every request through the
 * dispatcher, pushes tokenWarning before the token expires and closes when it does, or when its
 * token goes unused for the idle time (its frames count as use).
 */
export class SocketConnection implements LiveConnection, Ticking {
  readonly id = nextId++;
  caller: Caller = null;
  // Made on the first watch: most of a socket's life is idle, and many sockets watch one item or none.
  itemWatches: Set<string> | null = null;
  typeWatches: Map<number, TypeWatch> | null = null;
  nextTypeWatch = 0;
  /** When the socket's token expires, in ms since the epoch (known once it has authenticated; 0 before). */
  private tokenExpires = 0;
  // Deadlines in ms since the epoch, 0 when none, met by the process's socket clock (socketClock.ts).
  /** The socket closes unless it has authenticated by then. */
  private authDeadline: number;
  /** The tokenWarning push is sent then. */
  private warnAt = 0;
  /** The socket closes with tokenExpired then. */
  private expireAt = 0;
  /** Looks then, once the token could have gone idle, whether it has. */
  private idleCheckAt = 0;
  /** Its sign-in: not begun (null), under way (the promise), or settled (whether it succeeded). */
  private authed: Promise<boolean> | boolean | null = null;
  private closed = false;
  /** Frames this socket may still send now (issue 19: rate limits per socket). */
  private readonly rate: TokenBucket;
  /** Frames refused by the rate limit with less than a second between them. */
  private refusedRun = 0;
  private lastRefusal = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly services: Services,
    private readonly dispatcher: Dispatcher,
  ) {
    // The burst is twice the rate: room for a page load's frames at once (SOCKET_RATE_BURST by default).
    this.rate = new TokenBucket(services.config.socketRatePerSecond * 2, services.config.socketRatePerSecond);
    // Listeners first, before any await, or early frames would be lost.
    (socket as Carrying)[CONNECTION] = this;
    socket.on('message', onSocketMessage);
    socket.on('close', onSocketGone);
    socket.on('error', onSocketGone);
    this.authDeadline = Date.now() + services.config.authTimeoutMs;
    socketClock.add(this);
  }

  /** The origin its requests' changes carry (changeOrigin.ts), made when asked rather than kept. */
  get origin(): string {
    return originOf(this.id);
  }

  /** A frame from the browser (the socket's message listener). */
  received(data: RawData, isBinary: boolean): void {
    // The dispatcher answers every failure of an operation; what fails outside it (the database
    // refusing to record the token's use) is logged here, not left to end the process.
    this.onMessage(data.toString(), isBinary).catch((e: unknown) => console.error('Handling a socket frame failed:', e));
  }

  /** The socket closed or failed (its close and error listeners). */
  gone(): void {
    this.onClose();
  }

  /** Meets the deadlines that have come (called by the socket clock). */
  tick(now: number): void {
    if (this.authDeadline && now >= this.authDeadline) {
      this.authDeadline = 0;
      // The deadline is for sending tokenAuth: a sign-in under way (waiting out a restart of the database) ends by itself.
      if (this.authed === null) this.close(CloseCode.auth, CloseReason.authTimeout);
    }
    if (this.warnAt && now >= this.warnAt && this.tokenExpires) {
      this.warnAt = 0;
      const warning: TokenWarningBody = { expires: new Date(this.tokenExpires).toISOString() };
      this.send({ o: Push.tokenWarning, b: warning });
    }
    if (this.expireAt && now >= this.expireAt) {
      this.expireAt = 0;
      this.close(CloseCode.auth, CloseReason.tokenExpired);
    }
    if (this.idleCheckAt && now >= this.idleCheckAt) {
      this.idleCheckAt = 0;
      void this.checkIdle().catch((e) => console.error('Checking a token for idleness failed:', e));
    }
  }

  send(frame: Frame): void {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  sendText(text: string): void {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.socket.close(code, reason);
    this.onClose();
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    socketClock.remove(this);
    this.services.live.remove(this);
  }

  /** Sets the tokenWarning push and the tokenExpired close for a token expiring at `expiresAt`. */
  private scheduleExpiry(expiresAt: Date): void {
    this.tokenExpires = expiresAt.getTime();
    this.expireAt = this.tokenExpires;
    this.warnAt = this.expireAt - this.services.config.tokenWarningSeconds * 1000;
  }

  /**
   * Closes the socket with tokenExpired once its token has gone idle. The database's record of
   * the last use is asked, not this socket's frames: the token may be in use elsewhere, and it
   * lags this socket's last frame by at most a minute (the writes are spaced out).
   */
  private scheduleIdleCheck(delayMs: number): void {
    this.idleCheckAt = Date.now() + Math.max(0, delayMs);
  }

  private async checkIdle(): Promise<void> {
    const tokenHash = this.caller?.tokenHash;
    if (this.closed || !tokenHash) return;
    const idleAt = await this.services.tokens.idleExpiry(tokenHash);
    // A revoked token: the revocation closes the socket with its own reason.
    if (this.closed || !idleAt) return;
    const left = idleAt.getTime() - Date.now();
    if (left <= 0) this.close(CloseCode.auth, CloseReason.tokenExpired);
    else this.scheduleIdleCheck(left);
  }

  /** Records a frame as use of the token; closes the socket (false) when the token had gone idle first. */
  private async recordActivity(): Promise<boolean> {
    const tokenHash = this.caller?.tokenHash;
    if (!tokenHash) return true;
    if (await this.services.tokens.touch(tokenHash)) return true;
    this.close(CloseCode.auth, CloseReason.tokenExpired);
    return false;
  }

  /** Reloads of the caller's rights begun, and the latest one applied (two changes in a row start two). */
  private refreshesBegun = 0;
  private refreshApplied = 0;

  async refreshCaller(): Promise<void> {
    const current = this.caller;
    if (!current) return;
    const ticket = ++this.refreshesBegun;
    const fresh = await this.services.accounts.principal(current.userId, current.tokenHash, current.masquerader);
    if (!fresh) {
      this.close(CloseCode.auth, CloseReason.blocked);
      return;
    }
    // A reload begun later has applied what it read, which is as new as this or newer.
    if (ticket < this.refreshApplied) return;
    // The socket is someone else's now (masquerade, sign-out): what was read is not theirs.
    const now = this.caller;
    if (!now || now.userId !== current.userId || now.masquerader !== current.masquerader) return;
    this.refreshApplied = ticket;
    // The token may have been renewed meanwhile: keep the current one.
    this.caller = { ...fresh, tokenHash: now.tokenHash };
    // The browser learns the new rights at once: its menus and screens follow the session it holds.
    if (this.tokenExpires) this.send({ o: Push.authed, b: await this.services.accounts.session(this.caller, new Date(this.tokenExpires)) });
  }

  adoptToken(tokenHash: string, expiresAt: Date): void {
    if (this.caller) this.caller = { ...this.caller, tokenHash };
    this.scheduleExpiry(expiresAt);
  }

  private async authenticate(frame: Frame): Promise<boolean> {
    const { tokens, accounts } = this.services;
    const info = typeof frame.b === 'string' ? await tokens.resolve(frame.b) : null;
    if (!info) {
      this.close(CloseCode.auth, CloseReason.identFailed);
      return false;
    }
    if (info.expired) {
      this.close(CloseCode.auth, CloseReason.expiredOnConnect);
      return false;
    }
    const principal: Principal | null = await accounts.principal(info.userId, info.tokenHash, info.masquerader);
    if (!principal) {
      this.close(CloseCode.auth, CloseReason.identFailed);
      return false;
    }
    if (this.closed) return false;
    this.caller = principal;
    this.authDeadline = 0;
    this.services.live.add(this);
    this.scheduleExpiry(info.expiresAt);
    this.scheduleIdleCheck(this.services.config.tokenIdleSeconds * 1000);
    this.send({ o: Push.authed, b: await accounts.session(principal, info.expiresAt) });
    const alerts = await activeSystemAlerts(this.services.db, this.services.items);
    this.send({ o: Push.sysAlerts, b: sysAlertsFor(principal, alerts) });
    return true;
  }

  /** Whether the rate limit lets this frame through; a socket that keeps on flooding is closed. */
  private withinRate(): boolean {
    if (this.rate.take()) return true;
    // A run of refusals ends after a quiet second: the frames let through between refusals (the
    // bucket refills) must not reset it, or a steady flood would never be closed.
    const now = performance.now();
    if (now - this.lastRefusal > 1000) this.refusedRun = 0;
    this.lastRefusal = now;
    if (++this.refusedRun >= SOCKET_RATE_CLOSE_AFTER) this.close(CloseCode.policy, 'tooManyRequests');
    return false;
  }

  /** Answers a frame over the rate limit without running it: its `o` and `s` only, read cheaply. */
  private refuseOverRate(text: string): void {
    let o = '';
    let s: number | undefined;
    try {
      const frame = JSON.parse(text) as Partial<Frame> | null;
      if (typeof frame?.o === 'string') o = frame.o.slice(0, 200);
      if (Number.isSafeInteger(frame?.s)) s = frame?.s;
    } catch {
      // Unreadable: answered without o and s, as any unreadable frame is.
    }
    const sysMessage = `More than ${this.rate.perSecond} frames a second (bursts of ${this.rate.capacity})`;
    this.send({ o, ...(s === undefined ? {} : { s }), erred: true, b: { userMessage: 'tooManyRequests', sysMessage } });
  }

  private async onMessage(text: string, isBinary: boolean): Promise<void> {
    if (this.closed) return;
    if (!this.withinRate()) {
      this.refuseOverRate(text);
      return;
    }
    let frame: Frame;
    try {
      if (isBinary) throw new Error('binary frame');
      frame = JSON.parse(text) as Frame;
      if (typeof frame !== 'object' || frame === null || Array.isArray(frame) || typeof frame.o !== 'string') {
        throw new Error('not a frame');
      }
      if (frame.s !== undefined && !Number.isSafeInteger(frame.s)) throw new Error('bad sequence number');
    } catch (e) {
      this.send({ o: '', erred: true, b: { userMessage: 'parseRequestFailed', sysMessage: `Unreadable frame: ${(e as Error).message}` } });
      return;
    }
    if (this.authed === null) {
      if (frame.o !== 'tokenAuth') {
        this.close(CloseCode.auth, CloseReason.identFailed);
        return;
      }
      const signingIn = this.authenticate(frame).catch((e: unknown) => {
        console.error('Socket authentication failed:', e);
        // The token could not be checked, which says nothing against it: a close 4001 identFailed would
        // sign the person out. The client keeps its token and connects again; a database out of reach
        // (restarting) is a restart, waited for briefly, anything else a lost connection.
        const unavailable = e instanceof OpError && e.userMessage === 'databaseUnavailable';
        if (unavailable) this.close(CloseCode.serviceRestart, 'databaseUnavailable');
        else this.close(CloseCode.internalError, 'serverError');
        return false;
      });
      this.authed = signingIn;
      // Settled, the answer is kept rather than the promise.
      this.authed = await signingIn;
      return;
    }
    if (!(await this.authed) || this.closed) return;
    let active: boolean;
    try {
      active = await this.recordActivity();
    } catch (e) {
      // The use could not be recorded (the database is out of reach): the request is answered so, not left unanswered.
      this.send(erredReply(frame, e));
      return;
    }
    if (!active || this.closed) return;
    if (frame.o === 'tokenAuth') {
      this.send({ o: frame.o, s: frame.s, erred: true, b: { userMessage: 'parseRequestFailed', sysMessage: 'Already authenticated' } });
      return;
    }
    const ctx: OpContext = { caller: this.caller, services: this.services, connection: this };
    if (frame.stream === true) {
      await this.streamReply(ctx, frame);
      return;
    }
    const reply = await withChangeOrigin(this.origin, () => this.dispatcher.dispatch(ctx, frame));
    if (frame.s !== undefined || reply.erred) this.send(reply);
  }

  /**
   * Answers a request that asked for streaming (spec 000 §7 `stream:{key}`): at once `{streamKey}`,
   * then one `stream:{key}` push per piece, the last marked done; a failing piece is pushed erred
   * (its message key) and ends the stream. A socket that closes stops the pieces still to read.
   */
  private async streamReply(ctx: OpContext, frame: Frame): Promise<void> {
    const key = randomBytes(12).toString('base64url');
    const o = `${STREAM_PUSH_PREFIX}${key}`;
    const started: StreamKeyBody = { streamKey: key };
    this.send({ o: frame.o, ...(frame.s === undefined ? {} : { s: frame.s }), b: started });
    let n = 0;
    await streamPieces(this.dispatcher, ctx, frame, (reply, last) => {
      if (this.closed) return false;
      n += 1;
      if (reply.erred) this.send({ o, erred: true, b: reply.b });
      else this.send({ o, b: { n, piece: reply.b, done: last } satisfies StreamPieceBody });
      return true;
    });
  }
}
