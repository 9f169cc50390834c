/**
 * A mock-socket server that speaks the real live protocol (DESIGN.md "Live protocol"): tokenAuth
 * answered by `authed` or a 4001 close, signout and nextToken, replies with the request's `s`.
 */
import { Server, type Client } from 'mock-socket';
import { CloseCode, CloseReason, type Frame, type UserSession } from '../../../src/shared/protocol';

export const SOCKET_URL = 'ws://localhost/ws';

/** An item the test server stores. */
export type SeededItem = Record<string, unknown> & { $id: string };

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
  /** The items `seedItems` stored, by id, as the item operations left them. */
  readonly items = new Map<string, SeededItem>();
  private servesItems = false;

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
    const handler = this.handlers.get(frame.o) ?? this.itemHandler(frame.o);
    if (!handler) {
      socket.send(JSON.stringify({ o: frame.o, s: frame.s, erred: true, b: { userMessage: 'unknownOperation' } }));
      return;
    }
    const send = (b: unknown): void => socket.send(JSON.stringify({ o: frame.o, s: frame.s, b }));
    const refuse = (error: unknown): void =>
      socket.send(
        JSON.stringify({
          o: frame.o,
          s: frame.s,
          erred: true,
          b: { userMessage: error instanceof ReplyRefusal ? error.userMessage : 'generalFailure' },
        }),
      );
    try {
      const answer = handler(frame);
      // A promise answers when the test resolves it, so replies can be held back or reordered.
      if (answer instanceof Promise) answer.then(send, refuse);
      else send(answer);
    } catch (error) {
      refuse(error);
    }
  }

  /** Stores items for `read/{id}`, `readMany/object`, `create/{Type}` and `update` (a null property removed, `_u` checked); watches are accepted. */
  seedItems(...items: SeededItem[]): void {
    this.servesItems = true;
    for (const item of items) this.items.set(item.$id, item);
  }

  // The item operations as the real server answers them, once a test seeded items.
  private itemHandler(o: string): ((frame: Frame) => unknown) | undefined {
    if (!this.servesItems) return undefined;
    if (o.startsWith('read/')) {
      return () => {
        const item = this.items.get(o.slice('read/'.length));
        if (!item) throw new ReplyRefusal('notFound');
        return item;
      };
    }
    if (o === 'readMany/object') {
      return (frame) => Object.fromEntries((frame.b as string[]).flatMap((id) => (this.items.has(id) ? [[id, this.items.get(id)]] : [])));
    }
    if (o.startsWith('addWatch/') || o.startsWith('removeWatch/')) return () => null;
    if (o.startsWith('create/')) {
      return (frame) => {
        const type = o.slice('create/'.length);
        const index = Math.max(0, ...[...this.items.values()].filter((i) => i._t === type).map((i) => Number(i._i))) + 1;
        const item: SeededItem = {
          $id: `${type}-${index}`,
          _t: type,
          _i: index,
          _u: 0,
          _c: { ts: new Date().toISOString(), by: null },
          $access: 'PROTECTED',
          $labels: {},
          ...(frame.b as Record<string, unknown>),
        };
        this.items.set(item.$id, item);
        return item;
      };
    }
    if (o === 'update') {
      return (frame) => {
        const { $id, _u, ...changes } = frame.b as SeededItem;
        const current = this.items.get($id);
        if (!current) throw new ReplyRefusal('notFound');
        if (_u !== current._u) throw new ReplyRefusal('staleUpdate');
        const next: SeededItem = { ...current, _u: Number(current._u) + 1 };
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) delete next[k];
          else next[k] = v;
        }
        this.items.set($id, next);
        return next;
      };
    }
    return undefined;
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
