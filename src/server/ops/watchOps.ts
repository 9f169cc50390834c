import { operations } from '../../shared/protocol/operations';
import { OpError } from '../OpError';
import { parseIdOrRefuse } from '../store/ItemStore';
import { bindOperation } from './bindOperation';
import { readableRecord } from './itemOps';
import type { LiveConnection } from '../live/LiveConnection';
import type { OpContext, OpRoute } from './OpContext';

/** Most watches one socket may hold, so a client cannot make the server track without bound. */
export const MAX_WATCHES_PER_SOCKET = 5000;

function typeWatchType(id: string): string | null {
  const { type, index } = parseIdOrRefuse(id);
  return index === 0 ? type : null;
}

/** The socket of a socket-only operation (the dispatcher refuses them over HTTP). */
function connectionOf(ctx: OpContext): LiveConnection {
  if (!ctx.connection) throw new OpError('unknownOperation', 'Watches need the live socket');
  return ctx.connection;
}

function refuseOverLimit(conn: LiveConnection): void {
  if ((conn.itemWatches?.size ?? 0) + (conn.typeWatches?.size ?? 0) >= MAX_WATCHES_PER_SOCKET) {
    throw new OpError('tooLarge', `A socket may hold at most ${MAX_WATCHES_PER_SOCKET} watches`);
  }
}

/** Watch operations: one item (`addWatch/{id}[/{_u}]`) or every item of a type with a match filter. */
export const watchOps: OpRoute[] = [
  bindOperation(operations.addWatch, async (ctx, { id }, filter) => {
    const conn = connectionOf(ctx);
    refuseOverLimit(conn);
    const type = typeWatchType(id);
    if (type !== null) {
      ctx.services.items.typeOf(type);
      const count = ++conn.nextTypeWatch;
      ctx.services.live.watchType(conn, count, type, filter ?? {});
      return { count };
    }
    const record = await readableRecord(ctx, id);
    ctx.services.live.watchItem(conn, record.id);
    return ctx.services.items.present(ctx.caller, record);
  }),
  bindOperation(operations.addWatchAt, async (ctx, { id, u }) => {
    const conn = connectionOf(ctx);
    if (typeWatchType(id) !== null) throw new OpError('invalidId', 'A type watch takes no _u');
    refuseOverLimit(conn);
    const record = await readableRecord(ctx, id);
    ctx.services.live.watchItem(conn, record.id);
    return record.u === u ? null : ctx.services.items.present(ctx.caller, record);
  }),
  bindOperation(operations.removeWatch, async (ctx, { id }) => {
    ctx.services.live.unwatchItem(connectionOf(ctx), id);
    return null;
  }),
  bindOperation(operations.removeTypeWatch, async (ctx, { id, count }) => {
    const type = typeWatchType(id);
    if (type === null) throw new OpError('invalidId', `${id} is not a type watch ({type}-0)`);
    const removed = ctx.services.live.unwatchType(connectionOf(ctx), count, type);
    if (!removed) throw new OpError('notFound', `No watch ${count} on ${type}`);
    return null;
  }),
];
