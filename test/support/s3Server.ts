import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { parseStorageUrl, type S3Location } from '../../src/server/files/storageUrl';

/** An S3-compatible server in this process, its bucket made. */
export interface LocalS3 {
  /** STORAGE_URL of its bucket. */
  storageUrl: string;
  /** STORAGE_URL of another of its buckets. */
  urlOf(bucket: string): string;
  location: S3Location;
  /** Where it keeps its objects on disk. */
  directory: string;
  stop(): Promise<void>;
}

const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
interface S3rverInternals {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

/**
 * s3rver answers the multipart calls tus's S3 store makes to resume and clean up (ListParts,
 * AbortMultipartUpload, ListMultipartUploads) with "not implemented"; these answer them from the
 * parts it keeps on disk, as S3 does.
 */
function multipartExtras(server: S3rverInternals): (ctx: KoaContext, next: () => Promise<void>) => Promise<void> {
  const uploadsDir = (bucket: string): string => server.store.getResourcePath(bucket, undefined, 'uploads');
  const error = (ctx: KoaContext, status: number, code: string): void => {
    ctx.status = status;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message></Error>`;
  };
  return async (ctx, next) => {
    const [bucket, ...rest] = ctx.path.replace(/^\//, '').split('/');
    const key = decodeURIComponent(rest.join('/'));
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (!bucket) return next();
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const ids = await readdir(uploadsDir(bucket)).catch(() => [] as string[]);
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const dir = join(uploadsDir(bucket), id);
          const [k, s] = await Promise.all([readFile(join(dir, 'key'), 'utf8'), stat(dir)]);
          return `<Upload><Key>${xml(k)}</Key><UploadId>${id}</UploadId><Initiated>${s.birthtime.toISOString()}</Initiated></Upload>`;
        }),
      );
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    if (!key || !uploadId || !['GET', 'DELETE'].includes(ctx.method)) return next();
    const dir = join(uploadsDir(bucket), uploadId);
    const names = await readdir(dir).catch(() => null);
    if (!names) return error(ctx, 404, 'NoSuchUpload');
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = names.filter((n) => /^\d+$/.test(n)).map(Number);
    const parts = await Promise.all(
      numbers
        .sort((a, b) => a - b)
        .map(async (n) => {
          const [s, md5] = await Promise.all([stat(join(dir, String(n))), readFile(join(dir, `${n}.md5`), 'utf8').catch(() => '')]);
          return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${s.size}</Size><LastModified>${s.mtime.toISOString()}</LastModified></Part>`;
        }),
    );
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${bucket}</Bucket><Key>${xml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}

/** Starts s3rver on a free loopback port with bucket `bucket` (and `others`, for `urlOf`). */
export async function startLocalS3(bucket = 'kk-files', others: string[] = []): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'kk-s3-'));
  const configureBuckets = [bucket, ...others].map((name) => ({ name, configs: [] }));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets });
  const internals = server as unknown as S3rverInternals;
  // After its request logger and XML encoder, before its routes.
  internals.middleware.splice(2, 0, multipartExtras(internals));
  const address = (await server.run()) as AddressInfo;
  const urlOf = (name: string): string => `s3://S3RVER:S3RVER@127.0.0.1:${address.port}/${name}?forcePathStyle=true&tls=false`;
  const storageUrl = urlOf(bucket);
  return {
    storageUrl,
    urlOf,
    location: parseStorageUrl(storageUrl),
    directory,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
