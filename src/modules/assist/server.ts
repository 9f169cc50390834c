/**
 * The live-assist module's server part: the `/ws-assist/socket` route's sockets. Each authenticates
 * like `/ws` (its first frame `tokenAuth`, answered `authed`, or closed 4001), then joins the relay
 * (assistHub.ts) as the user who asked for help or as a support agent, by its `identity` query.
 */
import type { WebSocket } from 'ws';
import type { ModuleServer } from '../../server/modules/ModuleServer';
import type { Services } from '../../server/services';
import { CloseCode, CloseReason, Push, type Frame } from '../../shared/protocol';
import { AssistHub, type AssistAuditEntry, type AssistPeer } from './assistHub';
import { AssistRelay } from './assistRelay';
import { SUPPORT_AGENT } from './model';
import { ASSIST_RECORDINGS_PROP, assistOperations } from './operations';
import { canRead } from '../../server/policy/policy';
import { parseIceServers } from './iceServers';
import { ASSIST_SOCKET_PATH } from './protocol';
import { bindOperation } from '../../server/ops/bindOperation';
import { OpError } from '../../server/OpError';

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 4000 ? value : null);

function parse(data: unknown): Frame | null {
  try {
    const frame: unknown = JSON.parse(String(data));
    return typeof frame === 'object' && frame !== null && typeof (frame as Frame).o === 'string' ? (frame as Frame) : null;
  } catch {
    return null;
  }
}

/** Read when the server starts: a malformed ASSIST_ICE_SERVERS stops it with its reason. */
const ICE_SERVERS = parseIceServers(process.env.ASSIST_ICE_SERVERS);

/**
 * The relay of each server (one per process; a test process may run several): its consent events go to
 * the audit table; on PostgreSQL it meets the other processes' relays (assistRelay.ts).
 */
const relays = new WeakMap<Services, AssistRelay>();
function relayFor(services: Services): AssistRelay {
  let relay = relays.get(services);
  if (!relay) {
    const audit = (entry: AssistAuditEntry): void => {
      services.db
        .query(
          'INSERT INTO assist_events (peer_id, user_id, agent_id, event, kind, answer, by_side, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [entry.peerId, entry.userId, entry.agentId, entry.event, entry.kind ?? null, entry.answer ?? null, entry.by, new Date(entry.at)],
        )
        .catch((e: unknown) => console.error('Could not store a live-assist audit event:', e));
    };
    // The hub tells the relay what the shared waiting list must show; the relay is made just after it.
    const hub = new AssistHub(audit, Date.now, ICE_SERVERS, (peerId, request) => relays.get(services)?.changed(peerId, request));
    relay = new AssistRelay(hub, services.db.driver === 'postgres' ? services.db : null);
    relays.set(services, relay);
  }
  return relay;
}

/** Serves one `/ws-assist/socket` connection. */
export function openAssistSocket(socket: WebSocket, query: Record<string, unknown>, services: Services): void {
  const peerId = text(query.peerId);
  const identity = query.identity;
  if (!peerId || (identity !== 'user' && identity !== 'agent')) {
    socket.close(CloseCode.policy, 'badQuery');
    return;
  }
  const relay = relayFor(services);
  const peer: AssistPeer = {
    send: (frame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    },
    close: (code, reason) => socket.close(code, reason),
  };
  let state: 'authenticating' | 'joining' | 'joined' | 'closed' = 'authenticating';
  // Frames sent between `authed` and the join (on PostgreSQL the join reads the shared list) wait for it.
  const early: Frame[] = [];
  // Read through a function: the socket may close while authentication awaits.
  const isClosed = (): boolean => state === 'closed';
  const deadline = setTimeout(() => {
    if (state === 'authenticating') socket.close(CloseCode.auth, CloseReason.authTimeout);
  }, services.config.authTimeoutMs);

  const authenticate = async (frame: Frame): Promise<void> => {
    const info = frame.o === 'tokenAuth' && typeof frame.b === 'string' ? await services.tokens.resolve(frame.b) : null;
    if (!info || info.expired) {
      socket.close(CloseCode.auth, info?.expired ? CloseReason.expiredOnConnect : CloseReason.identFailed);
      return;
    }
    const principal = await services.accounts.principal(info.userId, info.tokenHash, info.masquerader);
    if (!principal || isClosed()) {
      if (!principal) socket.close(CloseCode.auth, CloseReason.identFailed);
      return;
    }
    const session = await services.accounts.session(principal, info.expiresAt);
    if (isClosed()) return;
    clearTimeout(deadline);
    state = 'joining';
    peer.send({ o: Push.authed, b: session });
    const caller = { userId: principal.userId, name: session.name, supportAgent: principal.capabilities[SUPPORT_AGENT] === true };
    const sessionInfo = parseInfo(query.sessionInfo);
    const joined =
      identity === 'user' ? await relay.joinUser(peerId, caller, sessionInfo, peer) : await relay.joinAgent(peerId, caller, peer);
    // Closed while joining (another process was asked): it leaves at once.
    if (joined && isClosed()) relay.leave(peer);
    else if (!joined) state = 'closed';
    else if (!isClosed()) {
      state = 'joined';
      for (const f of early.splice(0)) relay.receive(peer, f);
    }
  };

  let pending: Promise<void> | null = null;
  socket.on('message', (data) => {
    const frame = parse(data);
    if (state === 'authenticating') {
      if (pending) return;
      if (!frame) {
        socket.close(CloseCode.auth, CloseReason.identFailed);
        return;
      }
      pending = authenticate(frame).catch(() => socket.close(CloseCode.auth, CloseReason.identFailed));
    } else if (state === 'joined' && frame) {
      relay.receive(peer, frame);
    } else if (state === 'joining' && frame && early.length < 100) {
      early.push(frame);
    }
  });
  socket.on('close', () => {
    state = 'closed';
    clearTimeout(deadline);
    relay.leave(peer);
  });
  socket.on('error', () => undefined);
}

function parseInfo(value: unknown): unknown {
  const raw = text(value);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

interface AuditDbRow {
  peer_id: string;
  user_id: string;
  agent_id: string | null;
  event: string;
  kind: string | null;
  answer: string | null;
  by_side: 'user' | 'agent';
  at: Date | string;
  user_name: string;
  agent_name: string | null;
}

const AUDIT_SELECT = `SELECT e.*, coalesce(u.label, '') AS user_name, a.label AS agent_name
  FROM assist_events e LEFT JOIN items u ON u.id = e.user_id LEFT JOIN items a ON a.id = e.agent_id`;

/** What the waiting list shows of a request's sessionInfo (the user's tab sent it; only text is kept). */
function askerOf(info: unknown): { name: string; email: string; path: string; title: string } {
  const o = typeof info === 'object' && info !== null ? (info as Record<string, unknown>) : {};
  const str = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 500) : '');
  return { name: str(o.name), email: str(o.email), path: str(o.path), title: str(o.title) };
}

export const assistServer: ModuleServer = {
  name: 'assist',
  ops: [
    bindOperation(assistOperations.audit, async (ctx, _params, body) => {
      const caller = ctx.caller!;
      const peerId = body?.peerId;
      const order = 'ORDER BY e.at DESC, e.seq DESC LIMIT 1000';
      let res;
      if (peerId) {
        // One help session: its user, an administrator, or any support agent (the console shows it beside the live view).
        const wide = caller.admin || caller.capabilities[SUPPORT_AGENT] === true;
        res = wide
          ? await ctx.services.db.query<AuditDbRow>(`${AUDIT_SELECT} WHERE e.peer_id = $1 ${order}`, [peerId])
          : await ctx.services.db.query<AuditDbRow>(`${AUDIT_SELECT} WHERE e.peer_id = $1 AND e.user_id = $2 ${order}`, [
              peerId,
              caller.userId,
            ]);
      } else {
        res = caller.admin
          ? await ctx.services.db.query<AuditDbRow>(`${AUDIT_SELECT} ${order}`)
          : await ctx.services.db.query<AuditDbRow>(`${AUDIT_SELECT} WHERE e.user_id = $1 ${order}`, [caller.userId]);
      }
      return {
        events: res.rows.map((r) => ({
          peerId: r.peer_id,
          userId: r.user_id,
          userName: r.user_name,
          agentId: r.agent_id,
          agentName: r.agent_name,
          event: r.event,
          kind: r.kind,
          answer: r.answer,
          by: r.by_side,
          at: new Date(r.at).toISOString(),
        })),
      };
    }),
    bindOperation(assistOperations.recordings, async (ctx, _params, body) => {
      const caller = ctx.caller!;
      const userId = body.userId;
      // Her recordings are hers: another user is told no, whatever else they may read of her.
      if (caller.userId !== userId && !caller.admin)
        throw new OpError('notAllowed', "Only the user and administrators see a user's recordings");
      const index = Number(userId.slice('User-'.length));
      const res = await ctx.services.db.query<{ id: string }>(
        `SELECT id FROM items WHERE type = 'Attachment' AND deleted_at IS NULL AND data->>'relType' = 'User'
           AND data->>'relIndex' = $1 AND data->>'relProp' = $2 AND coalesce(data->>'trashed', 'false') <> 'true'
         ORDER BY created_at DESC, idx DESC LIMIT 500`,
        [String(index), ASSIST_RECORDINGS_PROP],
      );
      const recordings = [];
      for (const { id } of res.rows) {
        const record = await ctx.services.items.find(id);
        if (!record || record.deletedAt || !canRead(caller, record)) continue;
        const size = record.data.size;
        recordings.push({
          id,
          name: typeof record.data.originalName === 'string' ? record.data.originalName : '',
          createdAt: new Date(record.createdAt).toISOString(),
          size: typeof size === 'number' ? size : null,
        });
      }
      return { recordings };
    }),
    bindOperation(assistOperations.waiting, async (ctx) => {
      const caller = ctx.caller!;
      if (caller.capabilities[SUPPORT_AGENT] !== true) throw new OpError('notAllowed', 'Only support agents see who waits for help');
      return {
        requests: (await relayFor(ctx.services).waiting()).map((r) => ({
          peerId: r.peerId,
          ...askerOf(r.sessionInfo),
          askedAt: new Date(r.askedAt).toISOString(),
          agents: r.agents,
        })),
      };
    }),
  ],
  migrations: [
    {
      id: 1801,
      name: 'assist_events',
      sql: `CREATE TABLE assist_events (
        seq bigserial PRIMARY KEY,
        peer_id text NOT NULL,
        user_id text NOT NULL,
        agent_id text,
        event text NOT NULL,
        kind text,
        answer text,
        by_side text NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX assist_events_user ON assist_events (user_id, at DESC)`,
    },
    {
      id: 1802,
      name: 'assist_requests',
      // The help requests of every server process (the agents' waiting list), and the frames too large for a notification.
      sql: `CREATE TABLE assist_requests (
        peer_id text PRIMARY KEY,
        user_id text NOT NULL,
        session_info jsonb,
        asked_at timestamptz NOT NULL,
        agents jsonb NOT NULL DEFAULT '[]',
        owner text NOT NULL,
        seen_at timestamptz NOT NULL
      );
      CREATE TABLE assist_relay (
        id bigserial PRIMARY KEY,
        frame text NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX assist_relay_at ON assist_relay (at)`,
    },
  ],
  sockets: [{ path: ASSIST_SOCKET_PATH, open: openAssistSocket }],
  start: async (services) => {
    const relay = relayFor(services);
    await relay.start();
    return () => relay.stop();
  },
};
