/**
 * A mock-socket server that speaks the real live protocol (DESIGN.md "Live protocol"): tokenAuth
 * answered by `authed` or a 4001 close, signout and nextToken, replies with the request's `s`.
 */
import { Server, type Client } from 'mock-socket';
import { CloseCode, CloseReason, type Frame, type UserSession } from '../../../src/shared/protocol';

export const SOCKET_URL = 'ws://localhost/ws';

/** Thrown (or rejected) by a handler: the request fails with this userMessage, as the real server's erred reply. */
export class ReplyRefusal extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'ReplyRefusal';
  }
}

/** The server side of the tests: who is signed in with which token, and every frame received. */
export class ProtocolServer {
  readonly server: Server;
  readonly received: Frame[] = [];
  readonly tokens = new Map<string, UserSession>();
  private sockets: { socket: Client; token: string }[] = [];
  /**
   * Answers for requests by operation; unknown operations answer `unknownOperation`. A handler may
   * return a promise (the reply waits for it) and throw or reject a ReplyRefusal (an erred reply).
   */
  readonly handlers = new Map<string, (frame: Frame) => unknown>();
  /** Erred replies by operation (checked before the handlers). */
  readonly failures = new Map<string, { userMessage: string; sysMessage?: string; fields?: Record<string, string> }>();
  private refreshed = 0;

  constructor() {
    this.server = new Server(SOCKET_URL);
    this.server.on('connection', (socket) => {
      socket.on('message', (data) => this.onMessage(socket, data));
    });
  }

  private onMessage(socket: Client, data: unknown): void {
    const frame = JSON.parse(String(data)) as Frame;
    this.received.push(frame);
    if (frame.o === 'tokenAuth') {
      const user = this.tokens.get(String(frame.b));
      if (!user) {
        socket.close({ code: CloseCode.auth, reason: CloseReason.identFailed, wasClean: true });
        return;
      }
      this.sockets.push({ socket, token: String(frame.b) });
      socket.send(JSON.stringify({ o: 'authed', b: user }));
      return;
    }
    if (frame.o === 'ping') {
      socket.send(JSON.stringify({ o: 'ping', s: frame.s }));
      return;
    }
    if (frame.o === 'signout') {
      const entry = this.sockets.find((s) => s.socket === socket);
      if (entry) this.tokens.delete(entry.token);
      socket.close({ code: CloseCode.auth, reason: CloseReason.signedout, wasClean: true });
      return;
    }
    if (frame.o === 'nextToken') {
      const entry = this.sockets.find((s) => s.socket === socket);
      const user = entry ? this.tokens.get(entry.token) : undefined;
      if (!entry || !user) return;
      this.refreshed += 1;
      const token = `${entry.token}-r${this.refreshed}`;
      this.tokens.set(token, user);
      entry.token = token;
      socket.send(JSON.stringify({ o: 'nextToken', s: frame.s, b: { ok: true } }));
      socket.send(JSON.stringify({ o: 'newToken', b: { token, expires: new Date(Date.now() + 3_600_000).toISOString() } }));
      return;
    }
    const failure = this.failures.get(frame.o);
    if (failure) {
      socket.send(JSON.stringify({ o: frame.o, s: frame.s, erred: true, b: failure }));
      return;
    }
    const handler = this.handlers.get(frame.o);
    if (!handler) {
      socket.send(JSON.stringify({ o: frame.o, s: frame.s, erred: true, b: { userMessage: 'unknownOperation' } }));
      return;
    }
    const send = (b: unknown): void => socket.send(JSON.stringify({ o: frame.o, s: frame.s, b }));
    const refuse = (error: unknown): void =>
      socket.send(JSON.stringify({ o: frame.o, s: frame.s, erred: true, b: { userMessage: error instanceof ReplyRefusal ? error.userMessage : 'generalFailure' } }));
    try {
      const answer = handler(frame);
      // A promise answers when the test resolves it, so replies can be held back or reordered.
      if (answer instanceof Promise) answer.then(send, refuse);
      else send(answer);
    } catch (error) {
      refuse(error);
    }
  }

  /** Pushes a frame to every authenticated socket. */
  push(frame: Frame): void {
    for (const { socket } of this.sockets) socket.send(JSON.stringify(frame));
  }

  /** Closes every socket as the server would (e.g. 4001 tokenExpired), or drops it (1006). */
  closeAll(code: number, reason = ''): void {
    for (const { socket } of this.sockets) socket.close({ code, reason, wasClean: code !== 1006 });
    this.sockets = [];
  }

  /** How many sockets are authenticated now. */
  get connected(): number {
    return this.sockets.length;
  }

  stop(): void {
    this.server.stop();
  }
}
