import { parseId } from '../../shared/ids';
import { matchFilterBody } from '../../shared/protocol/requestSchemas';
import { OpError } from '../OpError';
import { parseIdOrRefuse } from '../store/ItemStore';
import { readableRecord } from './itemOps';
import type { OpRoute } from './OpContext';

/** Most watches one socket may hold, so a client cannot make the server track without bound. */
export const MAX_WATCHES_PER_SOCKET = 5000;

function typeWatchType(id: string): string | null {
  const { type, index } = parseIdOrRefuse(id);
  return index === 0 ? type : null;
}

/** Watch operations: one item (`addWatch/{id}[/{_u}]`) or every item of a type with a match filter. */
export const watchOps: OpRoute[] = [
  {
    pattern: 'addWatch/:id',
    socketOnly: true,
    body: matchFilterBody,
    handler: async (ctx, { id }, body) => {
      const conn = ctx.connection!;
      if (conn.itemWatches.size + conn.typeWatches.size >= MAX_WATCHES_PER_SOCKET) {
        throw new OpError('tooLarge', `A socket may hold at most ${MAX_WATCHES_PER_SOCKET} watches`);
      }
      const type = typeWatchType(id!);
      if (type !== null) {
        ctx.services.items.typeOf(type);
        const count = ++conn.nextTypeWatch;
        ctx.services.live.watchType(conn, count, type, (body ?? {}) as Record<string, unknown>);
        return { count };
      }
      const record = await readableRecord(ctx, id!);
      ctx.services.live.watchItem(conn, record.id);
      return ctx.services.items.present(ctx.caller, record);
    },
  },
  {
    pattern: 'addWatch/:id/:u',
    socketOnly: true,
    handler: async (ctx, { id, u }) => {
      const conn = ctx.connection!;
      if (typeWatchType(id!) !== null) throw new OpError('invalidId', 'A type watch takes no _u');
      if (!/^\d+$/.test(u!)) throw new OpError('parseRequestFailed', `_u must be a whole number, not ${u}`);
      if (conn.itemWatches.size + conn.typeWatches.size >= MAX_WATCHES_PER_SOCKET) {
        throw new OpError('tooLarge', `A socket may hold at most ${MAX_WATCHES_PER_SOCKET} watches`);
      }
      const record = await readableRecord(ctx, id!);
      ctx.services.live.watchItem(conn, record.id);
      return record.u === Number(u) ? null : ctx.services.items.present(ctx.caller, record);
    },
  },
  {
    pattern: 'removeWatch/:id',
    socketOnly: true,
    handler: async (ctx, { id }) => {
      parseId(id!);
      ctx.services.live.unwatchItem(ctx.connection!, id!);
      return null;
    },
  },
  {
    pattern: 'removeWatch/:id/:count',
    socketOnly: true,
    handler: async (ctx, { id, count }) => {
      const type = typeWatchType(id!);
      if (type === null) throw new OpError('invalidId', `${id} is not a type watch ({type}-0)`);
      const removed = ctx.services.live.unwatchType(ctx.connection!, Number(count), type);
      if (!removed) throw new OpError('notFound', `No watch ${count} on ${type}`);
      return null;
    },
  },
];
