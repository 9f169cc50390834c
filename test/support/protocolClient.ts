import WebSocket from 'ws';
import { TOKEN_HEADER } from '../../src/shared/constants';
import type { Frame, UserSession } from '../../src/shared/protocol';

/** How a socket ended. */
export interface Closed {
  code: number;
  reason: string;
}

/** Signs in over HTTP; answers the token. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = res.headers.get(TOKEN_HEADER);
  if (res.status !== 200 || !token) throw new Error(`sign-in failed with ${res.status}: ${await res.text()}`);
  return token;
}

/** A socket client that speaks the live protocol: requests with sequence numbers, pushes collected. */
export class ProtocolClient {
  readonly pushes: Frame[] = [];
  private readonly taken = new Set<Frame>();
  readonly closed: Promise<Closed>;
  private seq = 0;
  private readonly pending = new Map<number, (f: Frame) => void>();
  private readonly pushWaiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private readonly opened: Promise<void>;

  constructor(readonly socket: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      if (frame.s !== undefined && this.pending.has(frame.s)) {
        this.pending.get(frame.s)!(frame);
        this.pending.delete(frame.s);
        return;
      }
      this.pushes.push(frame);
      for (const w of [...this.pushWaiters]) {
        if (w.match(frame)) {
          this.pushWaiters.splice(this.pushWaiters.indexOf(w), 1);
          w.resolve(frame);
          break;
        }
      }
    });
  }

  /** Opens a socket to `wsUrl` (with an optional Origin header). */
  static async open(wsUrl: string, options: { origin?: string } = {}): Promise<ProtocolClient> {
    const client = new ProtocolClient(new WebSocket(wsUrl, options.origin ? { origin: options.origin } : {}));
    await client.opened;
    return client;
  }

  /** Opens a socket and authenticates with `token`; answers the client and the `authed` session. */
  static async connect(wsUrl: string, token: string): Promise<{ client: ProtocolClient; session: UserSession }> {
    const client = await ProtocolClient.open(wsUrl);
    const authed = client.nextPush((f) => f.o === 'authed');
    client.sendRaw(JSON.stringify({ o: 'tokenAuth', b: token, v: 'test' }));
    const frame = await Promise.race([authed, client.closed.then((c) => Promise.reject(new Error(`closed ${c.code} ${c.reason}`)))]);
    return { client, session: frame.b as UserSession };
  }

  sendRaw(data: string | Buffer): void {
    this.socket.send(data);
  }

  /** Sends a request and answers its reply frame (erred or not). */
  request(o: string, b?: unknown): Promise<Frame> {
    const s = ++this.seq;
    const reply = new Promise<Frame>((resolve, reject) => {
      this.pending.set(s, resolve);
      void this.closed.then((c) => reject(new Error(`socket closed ${c.code} ${c.reason} before the reply to ${o}`)));
    });
    this.socket.send(JSON.stringify(b === undefined ? { o, s } : { o, b, s }));
    return reply;
  }

  /** Sends a request and answers the reply body; throws on an erred reply. */
  async call<T = unknown>(o: string, b?: unknown): Promise<T> {
    const reply = await this.request(o, b);
    if (reply.erred) throw new Error(`${o} erred: ${JSON.stringify(reply.b)}`);
    return reply.b as T;
  }

  /** The first matching push not yet taken by an earlier call, already received or still to come. */
  nextPush(match: (f: Frame) => boolean, timeoutMs = 10_000): Promise<Frame> {
    const waiting = this.pushes.find((f) => !this.taken.has(f) && match(f));
    if (waiting) {
      this.taken.add(waiting);
      return Promise.resolve(waiting);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching push in time')), timeoutMs);
      this.pushWaiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          this.taken.add(f);
          resolve(f);
        },
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}
