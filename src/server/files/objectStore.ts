import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ServerConfig } from '../config';
import { describeLocation, type S3Location } from './storageUrl';

/**
 * Objects are named `files/<uploadId>` (uploaded and server-made files), `variants/<fileId>.<variant>.webp`
 * (image variants) and `results/<taskKey>/<name>` (task results).
 */
export type ObjectKey = `${'files' | 'variants' | 'results'}/${string}`;

/** A byte range, both ends included (as HTTP Range says it). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `put` stores: bytes, text, or a stream of them (a Node stream, or another, such as archiver's). */
export type ObjectBody = Buffer | string | NodeJS.ReadableStream;

/** `body` as bytes or a Node Readable, which every writer takes. */
const asWritable = (body: ObjectBody): Buffer | string | Readable =>
  typeof body === 'string' || Buffer.isBuffer(body) ? body : body instanceof Readable ? body : body.pipe(new PassThrough());

/** A local file holding an object's bytes, for work that needs a path; `release` removes it when it is a copy. */
export interface LocalCopy {
  path: string;
  release(): Promise<void>;
}

/** An object found by `list`. */
export interface ListedObject {
  key: ObjectKey;
  size: number;
}

/**
 * Where uploaded files, image variants and task results are kept: the data directory's folders
 * (one machine), or an S3-compatible bucket shared by every process (STORAGE_URL).
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Stores `body` under `key`, replacing what was there; readers never see half an object. */
  put(key: ObjectKey, body: ObjectBody): Promise<void>;
  /** The object's bytes (or those of `range`), or null when there is none. */
  get(key: ObjectKey, range?: ByteRange): Promise<Readable | null>;
  /** The whole object in memory, or null. */
  read(key: ObjectKey): Promise<Buffer | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: ObjectKey): Promise<number | null>;
  /** Removes the object; none is fine. */
  remove(key: ObjectKey): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a folder: ends with `/`). */
  removeAll(prefix: `${'results' | 'variants'}/${string}`): Promise<void>;
  /** Every object under `prefix`, in key order. */
  list(prefix: 'files/' | 'variants/' | 'results/'): Promise<ListedObject[]>;
  /** A local file with the object's bytes (the stored file itself on disk, a temporary copy otherwise), or null. */
  localCopy(key: ObjectKey): Promise<LocalCopy | null>;
  /** Where the objects are, to be printed: never a secret. */
  describe(): string;
}

const isMissing = (e: unknown): boolean => (e as { code?: string }).code === 'ENOENT';

/** The data directory's folders, as they have always been laid out (the tus FileStore's folder for files). */
export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk';

  constructor(private readonly dataDir: string) {}

  /** The path of `key` on disk. */
  pathOf(key: ObjectKey): string {
    const [area, ...rest] = key.split('/');
    const name = rest.join('/');
    if (!name || rest.some((part) => part === '' || part === '.' || part === '..')) throw new Error(`Bad object key ${key}`);
    if (area === 'files') return join(this.dataDir, 'uploads', 'files', name);
    if (area === 'variants') return join(this.dataDir, 'uploads', 'variants', name);
    return join(this.dataDir, 'task-results', name);
  }

  async put(key: ObjectKey, given: ObjectBody): Promise<void> {
    const body = asWritable(given);
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Written beside and renamed: a reader never sees half a file, even from another process.
    const tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      if (body instanceof Readable) await pipeline(body, createWriteStream(tmp));
      else await writeFile(tmp, body);
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async get(key: ObjectKey, range?: ByteRange): Promise<Readable | null> {
    const path = this.pathOf(key);
    if ((await this.size(key)) === null) return null;
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async read(key: ObjectKey): Promise<Buffer | null> {
    return readFile(this.pathOf(key)).catch((e: unknown) => {
      if (isMissing(e)) return null;
      throw e;
    });
  }

  async size(key: ObjectKey): Promise<number | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? s.size : null;
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async remove(key: ObjectKey): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removeAll(prefix: `${'results' | 'variants'}/${string}`): Promise<void> {
    if (prefix.startsWith('results/') && prefix.endsWith('/')) {
      await rm(this.pathOf(prefix.slice(0, -1) as ObjectKey), { recursive: true, force: true });
      return;
    }
    for (const { key } of await this.list(prefix.startsWith('results/') ? 'results/' : 'variants/'))
      if (key.startsWith(prefix)) await this.remove(key);
  }

  async list(prefix: 'files/' | 'variants/' | 'results/'): Promise<ListedObject[]> {
    const root = dirname(this.pathOf(`${prefix}x` as ObjectKey));
    const out: ListedObject[] = [];
    const walk = async (dir: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch((e: unknown) => {
        if (isMissing(e)) return [];
        throw e;
      });
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        // tus's `<id>.json` records and files being written are not objects.
        else if (entry.isFile() && !/\.(json|tmp)$/.test(entry.name))
          out.push({ key: `${prefix}${relative(root, path).split(sep).join('/')}` as ObjectKey, size: (await stat(path)).size });
      }
    };
    await walk(root);
    return out;
  }

  async localCopy(key: ObjectKey): Promise<LocalCopy | null> {
    if ((await this.size(key)) === null) return null;
    return { path: this.pathOf(key), release: async () => undefined };
  }

  describe(): string {
    return `folders of ${this.dataDir}`;
  }
}

const s3Missing = (e: unknown): boolean => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket. Uploaded files sit at the bucket's top level under their upload id, where
 * tus's S3 store assembles them (beside its `<id>.info` records); variants and results under their folders.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  readonly client: S3Client;

  constructor(readonly location: S3Location) {
    this.client = new S3Client(S3ObjectStore.clientConfig(location));
  }

  /** The S3 client settings of `location` (shared with tus's S3 store). */
  static clientConfig(location: S3Location): ConstructorParameters<typeof S3Client>[0] & { region: string } {
    return {
      endpoint: location.endpoint,
      region: location.region,
      forcePathStyle: location.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers do not read the SDK's
      // default streamed (aws-chunked) checksums, and would store their framing as the file's bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(location.credentials ? { credentials: location.credentials } : {}),
    };
  }

  /** The bucket's key of `key`. */
  keyOf(key: ObjectKey): string {
    return key.startsWith('files/') ? key.slice('files/'.length) : key;
  }

  /** Fails with a clear message when the bucket cannot be reached with these settings. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket }));
    } catch (e) {
      const err = e as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = err.$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'it does not exist'
          : status === 403 || status === 401
            ? 'the key and secret were refused'
            : `${err.name ?? 'error'}: ${err.message ?? ''}`.trim();
      throw new Error(`STORAGE_URL: the ${describeLocation(this.location)} cannot be used (${why})`, { cause: e });
    }
  }

  async put(key: ObjectKey, given: ObjectBody): Promise<void> {
    const body = asWritable(given);
    const params = { Bucket: this.location.bucket, Key: this.keyOf(key), Body: body };
    // A stream of unknown length goes up in parts; small bodies in one request.
    if (body instanceof Readable) await new Upload({ client: this.client, params }).done();
    else await this.client.send(new PutObjectCommand(params));
  }

  async get(key: ObjectKey, range?: ByteRange): Promise<Readable | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.location.bucket,
          Key: this.keyOf(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return res.Body as Readable;
    } catch (e) {
      if (s3Missing(e)) return null;
      throw e;
    }
  }

  async read(key: ObjectKey): Promise<Buffer | null> {
    const body = await this.get(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async size(key: ObjectKey): Promise<number | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
      return res.ContentLength ?? 0;
    } catch (e) {
      if (s3Missing(e)) return null;
      throw e;
    }
  }

  async remove(key: ObjectKey): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
  }

  private async listKeys(prefix: string): Promise<{ Key: string; Size: number }[]> {
    const out: { Key: string; Size: number }[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? []) if (o.Key) out.push({ Key: o.Key, Size: o.Size ?? 0 });
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async removeAll(prefix: `${'results' | 'variants'}/${string}`): Promise<void> {
    const keys = await this.listKeys(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map(({ Key }) => ({ Key }));
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.location.bucket, Delete: { Objects, Quiet: true } }));
    }
  }

  async list(prefix: 'files/' | 'variants/' | 'results/'): Promise<ListedObject[]> {
    if (prefix !== 'files/') return (await this.listKeys(prefix)).map((o) => ({ key: o.Key as ObjectKey, size: o.Size }));
    // Uploads are the top level's objects without a dot: tus keeps `<id>.info` and `<id>.part` beside them.
    const top = (await this.listKeys('')).filter((o) => !o.Key.includes('/') && !o.Key.includes('.'));
    return top.map((o) => ({ key: `files/${o.Key}` as ObjectKey, size: o.Size }));
  }

  async localCopy(key: ObjectKey): Promise<LocalCopy | null> {
    const body = await this.get(key);
    if (!body) return null;
    const dir = await mkdtemp(join(tmpdir(), 'kk-object-'));
    const path = join(dir, 'object');
    const release = async (): Promise<void> => rm(dir, { recursive: true, force: true });
    try {
      await pipeline(body, createWriteStream(path));
    } catch (e) {
      await release();
      throw e;
    }
    return { path, release };
  }

  describe(): string {
    return describeLocation(this.location);
  }
}

const stores = new WeakMap<ServerConfig, ObjectStore>();

/** The object store of a server configured by `config` (one per configuration, so one S3 client). */
export function objectStoreOf(config: ServerConfig): ObjectStore {
  let store = stores.get(config);
  if (!store) {
    store = config.storage ? new S3ObjectStore(config.storage) : new DiskObjectStore(config.dataDir);
    stores.set(config, store);
  }
  return store;
}

/** Lets go of the object store of `config` (a bucket's client closes its connections); a later use makes a new one. */
export function closeObjectStore(config: ServerConfig): void {
  const store = stores.get(config);
  stores.delete(config);
  if (store instanceof S3ObjectStore) store.client.destroy();
}

/** Fails with a clear message when the configured bucket cannot be used (nothing to check on disk). */
export async function checkObjectStore(config: ServerConfig): Promise<void> {
  const store = objectStoreOf(config);
  if (store instanceof S3ObjectStore) await store.check();
}

/** Runs `work` on a local copy of `key` (null when there is no such object), removing the copy after. */
export async function withLocalCopy<T>(store: ObjectStore, key: ObjectKey, work: (path: string) => Promise<T>): Promise<T | null> {
  const copy = await store.localCopy(key);
  if (!copy) return null;
  try {
    return await work(copy.path);
  } finally {
    await copy.release();
  }
}

/** Stores `bytes` as a new file, as an upload would leave it (for files the server makes); answers its upload id. */
export async function storeNewFile(config: ServerConfig, bytes: Buffer): Promise<string> {
  const uploadId = randomBytes(16).toString('hex');
  await objectStoreOf(config).put(`files/${uploadId}`, bytes);
  return uploadId;
}

/** The bytes of stored file `fileId` (an Attachment's fileID); fails when it is not stored. */
export async function readStoredFile(config: ServerConfig, fileId: string): Promise<Buffer> {
  const bytes = await objectStoreOf(config).read(`files/${fileId}`);
  if (!bytes) throw new Error(`The file ${fileId} is not stored`);
  return bytes;
}
