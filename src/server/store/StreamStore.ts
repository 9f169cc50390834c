import { randomBytes } from 'node:crypto';
import type { Frame } from '../../shared/protocol';
import type { Database } from '../db/Database';

/** Streams older than this are removed, in minutes. */
const STREAM_TTL_MIN = 15;

/**
 * Results of POST /api/item requests made with X-VGN-Expect-Stream, polled with GET /api/stream/{key}.
 * Kept in the database so that any server process behind a load balancer can answer a poll.
 */
export class StreamStore {
  constructor(private readonly db: Database) {}

  /** Opens a stream for `userId` (null for anonymous); answers its key. */
  async open(userId: string | null): Promise<string> {
    const key = randomBytes(18).toString('base64url');
    await this.db.query(`DELETE FROM streams WHERE created_at < now() - interval '${STREAM_TTL_MIN} minutes'`);
    await this.db.query('INSERT INTO streams (key, user_id, created_at) VALUES ($1, $2, now())', [key, userId]);
    return key;
  }

  /** Appends frames to a stream, and marks it done when `done`. */
  async append(key: string, frames: readonly Frame[], done: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const res = await tx.query<{ next: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM stream_chunks WHERE stream_key = $1', [
        key,
      ]);
      let seq = Number(res.rows[0]?.next ?? 1);
      for (const frame of frames) {
        await tx.query('INSERT INTO stream_chunks (stream_key, seq, frame) VALUES ($1, $2, $3)', [key, seq++, JSON.stringify(frame)]);
      }
      if (done) await tx.query('UPDATE streams SET done = true WHERE key = $1', [key]);
    });
  }

  /**
   * Takes the frames not yet delivered; null when the stream is unknown or belongs to someone else.
   * A finished stream is removed once its last frames are taken.
   */
  async take(key: string, userId: string | null): Promise<{ frames: Frame[]; done: boolean } | null> {
    return this.db.transaction(async (tx) => {
      const s = await tx.query<{ user_id: string | null; done: boolean }>('SELECT user_id, done FROM streams WHERE key = $1 FOR UPDATE', [
        key,
      ]);
      const stream = s.rows[0];
      if (!stream || stream.user_id !== userId) return null;
      const chunks = await tx.query<{ seq: number; frame: Frame | string }>(
        'DELETE FROM stream_chunks WHERE stream_key = $1 RETURNING seq, frame',
        [key],
      );
      const frames = chunks.rows
        .sort((a, b) => a.seq - b.seq)
        .map((r) => (typeof r.frame === 'string' ? (JSON.parse(r.frame) as Frame) : r.frame));
      if (stream.done) await tx.query('DELETE FROM streams WHERE key = $1', [key]);
      return { frames, done: stream.done };
    });
  }
}
