import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, ObjectKey, ObjectStore } from '../files/objectStore';

/** The one range `header` asks of `size` bytes: null for the whole file, 'unsatisfiable' for none it has. */
export function rangeOf(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = header && /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  // Several ranges, or another unit: the whole file, as RFC 9110 lets a server answer.
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The answer when the object behind an Attachment is gone (headers of the file it was to be taken off). */
function missing(reply: FastifyReply): FastifyReply {
  reply.removeHeader('content-disposition');
  return reply
    .code(404)
    .header('content-type', 'application/json; charset=utf-8')
    .send({ userMessage: 'notFound', sysMessage: 'The stored file is missing' });
}

/**
 * Sends stored object `key` with byte ranges and revalidation, as the disk's static files are sent:
 * stored objects never change once written (their keys are new each time), so the key and size make
 * the ETag. Headers set before (type, disposition, caching) are kept.
 */
export async function sendObject(request: FastifyRequest, reply: FastifyReply, store: ObjectStore, key: ObjectKey): Promise<FastifyReply> {
  const size = await store.size(key);
  if (size === null) return missing(reply);
  const etag = `"${Buffer.from(`${key}:${size}`).toString('base64url')}"`;
  reply.header('etag', etag);
  reply.header('accept-ranges', 'bytes');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : rangeOf(request.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.removeHeader('content-disposition');
    return reply
      .code(416)
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-range', `bytes */${size}`)
      .send({ userMessage: 'parseRequestFailed', sysMessage: `The file has ${size} bytes: the range asked is outside it` });
  }
  const body = await store.get(key, range ?? undefined);
  if (!body) return missing(reply);
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', String(range.end - range.start + 1));
  } else reply.header('content-length', String(size));
  return reply.send(body);
}
