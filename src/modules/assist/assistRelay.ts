/**
 * The live-assist relay across server processes (issue 18). A help request lives in the hub
 * (assistHub.ts) of the process its user's tab is connected to, its owner; every relay check runs
 * there. An agent whose socket is on another process joins through the database's notification
 * channel: that process checks who the agent is (signed in, holding the support capability) and
 * stamps the agent's frames, and the owner's hub sees the agent as a peer whose frames come and go as
 * notifications. Frames too large for a notification (8000 bytes; a live view's full picture, a
 * call's offer) wait in a table, and the notification names the row. The waiting list every process
 * answers is a table the owners keep (refreshed every 10 s; a request of a process gone quiet for 30 s is
 * no longer listed). A process that stops says so: the others let go of its agents and end their agents'
 * sessions it held. On the embedded database there is one process, and all of this stays in memory.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/Database';
import type { Frame } from '../../shared/protocol';
import { AssistOp } from './protocol';
import { ASSIST_REFUSED_CLOSE, type AssistCaller, type AssistHub, type AssistPeer, type AssistRequestInfo } from './assistHub';

/** The notification channel of live-assist frames between processes. */
export const ASSIST_CHANNEL = 'kk_assist';
/** A frame larger than this (bytes of JSON) travels through the relay table. */
const INLINE_MAX = 6000;
/** How often an owner says its requests are still there, and how long one is listed after the last time. */
const HEARTBEAT_MS = 10_000;
const LISTED_FOR_S = 30;

/** What travels on the channel. `frame` inline, or `ref`: the id of its row in assist_relay. */
type Envelope =
  | { t: 'join'; peerId: string; agentKey: string; agent: AssistCaller }
  | { t: 'toOwner'; peerId: string; agentKey: string; frame?: Frame; ref?: string }
  | { t: 'leave'; peerId: string; agentKey: string }
  | { t: 'toAgent'; agentKey: string; frame?: Frame; ref?: string }
  | { t: 'closeAgent'; agentKey: string; code: number; reason: string }
  | { t: 'userMoved'; peerId: string; userId: string; from: string }
  | { t: 'gone'; from: string };

interface RequestRow {
  peer_id: string;
  user_id: string;
  owner: string;
  session_info: unknown;
  asked_at: Date | string;
  agents: { agentId: string; name: string }[];
}

/** The hub of this process, joined to the other processes' hubs through PostgreSQL (or alone on PGlite). */
export class AssistRelay {
  private readonly processId = randomUUID();
  /** Agents' sockets of this process in help requests owned elsewhere, by socket and by key. */
  private readonly remote = new Map<AssistPeer, { agentKey: string; peerId: string; owner: string }>();
  private readonly byKey = new Map<string, AssistPeer>();
  /** Agents of other processes in this process's requests, as the hub sees them. */
  private readonly proxies = new Map<string, AssistPeer>();
  private nextKey = 0;
  /** Notifications and table writes, in the order made (one at a time keeps them in that order). */
  private outbox: Promise<unknown> = Promise.resolve();
  /** Notifications received, handled one at a time (a frame read from the table must not be overtaken). */
  private inbox: Promise<unknown> = Promise.resolve();
  private stopListening: (() => Promise<void>) | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(
    private readonly hub: AssistHub,
    /** The shared database, or null when this is the only process (PGlite). */
    private readonly db: Database | null,
  ) {}

  /** Starts listening to the channel and keeping this process's requests listed. */
  async start(): Promise<void> {
    const db = this.db;
    if (!db) return;
    this.stopListening = await db.listen(ASSIST_CHANNEL, (payload) => {
      this.inbox = this.inbox
        .then(() => this.onEnvelope(JSON.parse(payload) as Envelope))
        .catch((e: unknown) => {
          console.error('A live-assist frame from another process was lost:', e);
        });
    });
    this.heartbeat = setInterval(() => {
      this.write('UPDATE assist_requests SET seen_at = now() WHERE owner = $1', [this.processId]);
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Stops (the server shuts down): the other processes are told, so they let go of this process's agents and
   * end their agents' sessions held here; this process's requests leave the shared list.
   */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (!this.db) return;
    this.publish({ t: 'gone', from: this.processId });
    this.write('DELETE FROM assist_requests WHERE owner = $1', [this.processId]);
    await this.outbox;
    this.stopped = true;
    await this.stopListening?.();
  }

  /** The hub's `changed`: keeps the shared waiting list. */
  readonly changed = (peerId: string, request: AssistRequestInfo | null): void => {
    if (!request) {
      this.write('DELETE FROM assist_requests WHERE peer_id = $1 AND owner = $2', [peerId, this.processId]);
      return;
    }
    this.write(
      `INSERT INTO assist_requests (peer_id, user_id, session_info, asked_at, agents, owner, seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (peer_id) DO UPDATE SET user_id = $2, session_info = $3, asked_at = $4, agents = $5, owner = $6, seen_at = now()`,
      [
        peerId,
        request.userId,
        JSON.stringify(request.sessionInfo ?? null),
        new Date(request.askedAt),
        JSON.stringify(request.agents),
        this.processId,
      ],
    );
  };

  /** The user's tab asks for help, or comes back; a request held by another process moves here. */
  async joinUser(peerId: string, caller: AssistCaller, sessionInfo: unknown, peer: AssistPeer): Promise<boolean> {
    if (this.db && !this.hub.has(peerId)) {
      const row = await this.request(peerId);
      if (row && row.user_id !== caller.userId) {
        peer.close(ASSIST_REFUSED_CLOSE, 'notYourRequest');
        return false;
      }
      if (row) this.publish({ t: 'userMoved', peerId, userId: caller.userId, from: this.processId });
    }
    return this.hub.joinUser(peerId, caller, sessionInfo, peer) === null;
  }

  /** A support agent joins: here when the request is here, else through the channel to the process that holds it. */
  async joinAgent(peerId: string, caller: AssistCaller, peer: AssistPeer): Promise<boolean> {
    if (!this.db || this.hub.has(peerId)) return this.hub.joinAgent(peerId, caller, peer) === null;
    // The sender's process checks who the agent is; the owner checks the request.
    if (!caller.supportAgent) {
      peer.close(ASSIST_REFUSED_CLOSE, 'notSupportAgent');
      return false;
    }
    const row = await this.request(peerId);
    if (!row) {
      peer.close(ASSIST_REFUSED_CLOSE, 'noHelpRequest');
      return false;
    }
    const agentKey = `${this.processId}:${++this.nextKey}`;
    this.remote.set(peer, { agentKey, peerId, owner: row.owner });
    this.byKey.set(agentKey, peer);
    this.publish({ t: 'join', peerId, agentKey, agent: caller });
    return true;
  }

  /** A frame from a joined socket of this process. */
  receive(peer: AssistPeer, frame: Frame): void {
    const remote = this.remote.get(peer);
    if (!remote) this.hub.receive(peer, frame);
    else this.publish({ t: 'toOwner', peerId: remote.peerId, agentKey: remote.agentKey, frame });
  }

  /** A socket of this process closed. */
  leave(peer: AssistPeer): void {
    const remote = this.remote.get(peer);
    if (!remote) {
      this.hub.leave(peer);
      return;
    }
    this.forget(peer, remote.agentKey);
    this.publish({ t: 'leave', peerId: remote.peerId, agentKey: remote.agentKey });
  }

  /** The help requests waiting, oldest first: every process's on PostgreSQL. */
  async waiting(): Promise<AssistRequestInfo[]> {
    if (!this.db) return this.hub.waiting();
    const res = await this.db.query<RequestRow>(
      `SELECT peer_id, user_id, session_info, asked_at, agents FROM assist_requests
       WHERE seen_at > now() - make_interval(secs => $1) ORDER BY asked_at, peer_id`,
      [LISTED_FOR_S],
    );
    return res.rows.map((r) => ({
      peerId: r.peer_id,
      userId: r.user_id,
      sessionInfo: r.session_info,
      askedAt: new Date(r.asked_at).getTime(),
      agents: Array.isArray(r.agents) ? r.agents : [],
    }));
  }

  private async request(peerId: string): Promise<RequestRow | null> {
    const res = await this.db!.query<RequestRow>(
      `SELECT peer_id, user_id, owner FROM assist_requests WHERE peer_id = $1 AND seen_at > now() - make_interval(secs => $2)`,
      [peerId, LISTED_FOR_S],
    );
    return res.rows[0] ?? null;
  }

  private forget(peer: AssistPeer, agentKey: string): void {
    this.remote.delete(peer);
    this.byKey.delete(agentKey);
  }

  /** An agent of another process, as this process's hub sees it: what it is sent goes back through the channel. */
  private proxy(agentKey: string): AssistPeer {
    return {
      send: (frame) => this.publish({ t: 'toAgent', agentKey, frame }),
      close: (code, reason) => {
        this.proxies.delete(agentKey);
        this.publish({ t: 'closeAgent', agentKey, code, reason });
      },
    };
  }

  private async onEnvelope(e: Envelope): Promise<void> {
    switch (e.t) {
      case 'join': {
        if (!this.hub.has(e.peerId) || this.proxies.has(e.agentKey)) return;
        const proxy = this.proxy(e.agentKey);
        this.proxies.set(e.agentKey, proxy);
        if (this.hub.joinAgent(e.peerId, e.agent, proxy) !== null) this.proxies.delete(e.agentKey);
        return;
      }
      case 'toOwner': {
        const proxy = this.proxies.get(e.agentKey);
        if (!proxy) return;
        const frame = await this.frameOf(e);
        if (frame) this.hub.receive(proxy, frame);
        return;
      }
      case 'leave': {
        const proxy = this.proxies.get(e.agentKey);
        if (!proxy) return;
        this.proxies.delete(e.agentKey);
        this.hub.leave(proxy);
        return;
      }
      case 'toAgent': {
        const peer = this.byKey.get(e.agentKey);
        if (!peer) return;
        const frame = await this.frameOf(e);
        if (frame) peer.send(frame);
        return;
      }
      case 'closeAgent': {
        const peer = this.byKey.get(e.agentKey);
        if (!peer) return;
        this.forget(peer, e.agentKey);
        peer.close(e.code, e.reason);
        return;
      }
      case 'gone': {
        if (e.from === this.processId) return;
        // Its agents leave this process's requests (their users are told); this process's agents in its requests are told they ended.
        for (const [agentKey, proxy] of [...this.proxies]) {
          if (!agentKey.startsWith(`${e.from}:`)) continue;
          this.proxies.delete(agentKey);
          this.hub.leave(proxy);
        }
        for (const [peer, remote] of [...this.remote]) {
          if (remote.owner !== e.from) continue;
          this.forget(peer, remote.agentKey);
          peer.send({ o: AssistOp.end });
          peer.close(1000, 'ended');
        }
        return;
      }
      case 'userMoved':
        // Every process hears it, the one it moved to too (which holds the request now).
        if (e.from !== this.processId) this.hub.handOver(e.peerId, e.userId);
        return;
    }
  }

  /** The frame an envelope carries, read (once, by the one process it is for) from the table when it was too large. */
  private async frameOf(e: { frame?: Frame; ref?: string }): Promise<Frame | null> {
    if (e.frame) return e.frame;
    if (!e.ref) return null;
    const res = await this.db!.query<{ frame: string }>('DELETE FROM assist_relay WHERE id = $1 RETURNING frame', [e.ref]);
    return res.rows[0] ? (JSON.parse(res.rows[0].frame) as Frame) : null;
  }

  /** Sends an envelope to every process, in order; a large frame goes through the table. */
  private publish(envelope: Envelope): void {
    const db = this.db!;
    if (this.stopped) return;
    this.outbox = this.outbox
      .then(async () => {
        let payload = JSON.stringify(envelope);
        if (Buffer.byteLength(payload) > INLINE_MAX && 'frame' in envelope && envelope.frame) {
          const { frame, ...rest } = envelope;
          // Rows nobody took (their socket closed meanwhile) do not stay.
          await db.query(`DELETE FROM assist_relay WHERE at < now() - interval '1 minute'`);
          const row = await db.query<{ id: string }>('INSERT INTO assist_relay (frame, at) VALUES ($1, now()) RETURNING id', [
            JSON.stringify(frame),
          ]);
          payload = JSON.stringify({ ...rest, ref: String(row.rows[0]!.id) });
        }
        await db.query('SELECT pg_notify($1, $2)', [ASSIST_CHANNEL, payload]);
      })
      .catch((e: unknown) => console.error('A live-assist frame could not reach the other processes:', e));
  }

  private write(sql: string, params: unknown[]): void {
    const db = this.db;
    if (!db || this.stopped) return;
    this.outbox = this.outbox
      .then(() => db.query(sql, params))
      .catch((e: unknown) => console.error('The live-assist waiting list could not be kept:', e));
  }
}
