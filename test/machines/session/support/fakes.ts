/** Test doubles for the session effects: a scriptable socket, memory storage, recorded effects. */
import type { Frame, SiteConfig, TaskInfo, UserSession } from '../../../../src/shared/protocol';
import { DEFAULT_BOUNDS, DEFAULT_COLOURS, WS_MAX_MSG_SIZE, WS_TIMEOUT_MS, HTTP_TIMEOUT_MS } from '../../../../src/shared/constants';
import type {
  AccountAnswer,
  AccountPath,
  CookieJar,
  Credentials,
  KeyValueStorage,
  SessionEffects,
  SignInAnswer,
  SocketLike,
  UploadRequest,
} from '../../../../machines/session/sessionEffects';

type Handler<E> = ((event: E) => void) | null;

/** A socket the test drives from the server side, recording what the client sends. */
export class FakeSocket implements SocketLike {
  onopen: Handler<unknown> = null;
  onmessage: Handler<{ data: unknown }> = null;
  onclose: Handler<{ code: number; reason: string }> = null;
  onerror: Handler<unknown> = null;
  readonly sent: Frame[] = [];
  readonly rawSent: string[] = [];
  closedWith: { code: number | undefined; reason: string | undefined } | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.rawSent.push(data);
    this.sent.push(JSON.parse(data) as Frame);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
  }

  /** The server accepted the connection. */
  open(): void {
    this.onopen?.({});
  }

  /** The server sends a frame (or raw text). */
  push(frame: Frame | string): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  /** The server (or the network) closed the socket. */
  serverClose(code: number, reason = ''): void {
    this.onclose?.({ code, reason });
  }

  /** The operations the client sent, in order. */
  ops(): string[] {
    return this.sent.map((frame) => frame.o);
  }

  lastSent(): Frame | undefined {
    return this.sent[this.sent.length - 1];
  }
}

export class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

export class MemoryCookies implements CookieJar {
  readonly values = new Map<string, string>();
  /** The expiry each cookie was last written with (null: a session cookie). */
  readonly expires = new Map<string, string | null>();
  readonly removed: string[] = [];
  get(name: string): string | undefined {
    return this.values.get(name);
  }
  set(name: string, value: string, expires: string | null): void {
    this.values.set(name, value);
    this.expires.set(name, expires);
  }
  remove(name: string): void {
    this.removed.push(name);
    this.values.delete(name);
    this.expires.delete(name);
  }
}

/** A promise with its resolve and reject at hand. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An upload the test finishes, fails or watches being aborted. */
export interface FakeUpload {
  file: File;
  request: UploadRequest;
  /** Resolve with the Attachment id, or reject. */
  answer: Deferred<string>;
  aborted: boolean;
}

/** The upload effect as a recorder: each call is kept for the test to answer. */
export function fakeUpload(uploads: FakeUpload[]): SessionEffects['upload'] {
  return (file, request) => {
    const entry: FakeUpload = { file, request, answer: deferred<string>(), aborted: false };
    uploads.push(entry);
    return {
      done: entry.answer.promise,
      abort: () => {
        entry.aborted = true;
        entry.answer.reject(new Error('aborted'));
      },
    };
  };
}

export interface PostCall {
  frame: Frame;
  token: string | null;
  answer: Deferred<Frame>;
}

/** A GET /api/stream/{key} the test answers. */
export interface StreamPoll {
  key: string;
  token: string | null;
  answer: Deferred<{ frames: Frame[]; done: boolean }>;
}

/** Effects that record every call; sockets and POSTs are answered by the test. */
export interface FakeEffects extends SessionEffects {
  sockets: FakeSocket[];
  posts: PostCall[];
  polls: StreamPoll[];
  signIns: Array<{ credentials: Credentials; answer: Deferred<SignInAnswer> }>;
  accountCalls: Array<{ path: AccountPath; body: Record<string, string>; answer: Deferred<AccountAnswer> }>;
  storage: MemoryStorage;
  cookieJar: MemoryCookies;
  reload: jest.Mock<void, []>;
  download: jest.Mock<void, [string]>;
  log: jest.Mock<void, [string, string, unknown?]>;
  navigate: jest.Mock<void, [string, { replace: boolean }]>;
  openTab: jest.Mock<void, [string]>;
  uploads: FakeUpload[];
  /** The most recent socket. */
  socket(): FakeSocket;
}

export function fakeEffects(options: { storage?: MemoryStorage | null; random?: number } = {}): FakeEffects {
  const sockets: FakeSocket[] = [];
  const posts: PostCall[] = [];
  const polls: StreamPoll[] = [];
  const signIns: FakeEffects['signIns'] = [];
  const accountCalls: FakeEffects['accountCalls'] = [];
  const storage = options.storage === undefined ? new MemoryStorage() : options.storage;
  const cookieJar = new MemoryCookies();
  const uploads: FakeUpload[] = [];
  return {
    uploads,
    upload: fakeUpload(uploads),
    sockets,
    posts,
    polls,
    signIns,
    accountCalls,
    storage: storage ?? new MemoryStorage(),
    cookieJar,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    postItem: (frame, token) => {
      const answer = deferred<Frame>();
      posts.push({ frame, token, answer });
      return answer.promise;
    },
    postSignIn: (credentials) => {
      const answer = deferred<SignInAnswer>();
      signIns.push({ credentials, answer });
      return answer.promise;
    },
    getStream: (key, token) => {
      const answer = deferred<{ frames: Frame[]; done: boolean }>();
      polls.push({ key, token, answer });
      return answer.promise;
    },
    postAccount: (path, body) => {
      const answer = deferred<AccountAnswer>();
      accountCalls.push({ path, body, answer });
      return answer.promise;
    },
    localStorage: storage,
    cookies: cookieJar,
    reload: jest.fn<void, []>(),
    download: jest.fn<void, [string]>(),
    random: () => options.random ?? 0,
    now: () => Date.now(),
    log: jest.fn<void, [string, string, unknown?]>(),
    navigate: jest.fn<void, [string, { replace: boolean }]>(),
    openTab: jest.fn<void, [string]>(),
    socket: () => {
      const last = sockets[sockets.length - 1];
      if (!last) throw new Error('no socket was opened');
      return last;
    },
  };
}

/** Lets promise callbacks (POST answers) run. */
export const flushPromises = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function buildTask(overrides: Partial<TaskInfo> = {}): TaskInfo {
  return { key: 'task-1', started: '2024-05-01T10:00:00Z', percentageComplete: 0, ...overrides };
}

export function buildUser(overrides: Partial<UserSession> = {}): UserSession {
  return {
    $id: 'User-1',
    _t: 'User',
    _i: 1,
    name: 'Mary Thomas',
    email: 'mary@example.org',
    admin: false,
    capabilities: { Core: true },
    menuPackage: 'default',
    dark: false,
    hideGuidance: false,
    multiColumns: true,
    $version: '1.0.0',
    activeTasks: [],
    masquerading: false,
    organizations: {},
    tokenExpires: '2030-01-01T00:00:00Z',
    ...overrides,
  };
}

export function buildSiteConfig(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    version: '1.0.0',
    siteName: 'KnowledgeKeeper',
    defaultBounds: DEFAULT_BOUNDS,
    disableRecaptcha: true,
    wsMaxMsgSize: WS_MAX_MSG_SIZE,
    httpTimeout: HTTP_TIMEOUT_MS,
    wsTimeout: WS_TIMEOUT_MS,
    cmd: '',
    keyCaps: [],
    migratedFromCKK1: false,
    dedicated: false,
    registrationOpen: false,
    contactCreationAdminsOnly: false,
    colours: { light: { ...DEFAULT_COLOURS.light }, dark: { ...DEFAULT_COLOURS.dark } },
    items: {},
    ...overrides,
  };
}
