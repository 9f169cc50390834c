import { mkdir, statfs } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type { Server, ServerOptions } from '@tus/server';
import { ATTACHMENT_ID_HEADER, UPLOAD_PATH } from '../../shared/fileConstants';
import { VISIBILITIES } from '../../shared/items/types';
import type { Principal } from '../policy/Principal';
import type { Services } from '../services';
import type { Attachments, AttachmentMeta } from './Attachments';
import { S3ObjectStore, withLocalCopy, type DiskObjectStore, type ObjectStore } from './objectStore';
import { ScannerUnavailableError, type VirusScanner } from './VirusScanner';

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];
type TusUpload = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[1];
type DataStore = ConstructorParameters<typeof Server>[0]['datastore'];

/** How often unfinished uploads are looked for, at most, in ms (more often when they expire sooner). */
const CLEANUP_INTERVAL_MS = 6 * 3600 * 1000;
/** Upload metadata key (server-set) that records who created an upload. */
const OWNER_KEY = 'kkOwner';

/** A refusal in the form @tus/server turns into a response. */
const refuse = (status_code: number, body: string): { status_code: number; body: string } => ({ status_code, body: `${body}\n` });

/** What the FileStore answers when writing a part failed (it keeps the cause to itself: ENOSPC among others). */
const FILE_WRITE_FAILED = 'Something went wrong receiving the file';
/** Below this much free space, a failed write is taken for a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;
const STORAGE_FULL = 'storageFull: there is no room left on the server for this file; nothing of it was kept';

/** Bytes free for the server on the disk holding `dir`. */
async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

/** The room kept free for the database's and the server's own writes: 5 % of the disk, at most 64 MB. */
async function reserveBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return Math.min(64 * 1024 * 1024, Math.floor(s.blocks * s.bsize * 0.05));
}

/** A request refused before tus sees it, answered as every other API refusal is (JSON). */
export interface UploadRefusal {
  status: number;
  body: { userMessage: 'emptyFile' | 'parseRequestFailed'; sysMessage: string };
}

/**
 * The tus store writing uploads where `store` keeps files: the FileStore in the data directory's
 * folder, or the S3 store in the bucket (its parts assembled by S3's multipart upload). @tus/file-store
 * and @tus/s3-store are ES modules only: loaded with import(), which Node's CommonJS supports on every
 * Node 20, where require() of ESM needs 20.19.
 */
async function tusStore(store: ObjectStore, ttlMs: number): Promise<{ datastore: DataStore; folder: string | null }> {
  if (store instanceof S3ObjectStore) {
    const { S3Store } = await import('@tus/s3-store');
    const { bucket } = store.location;
    // Expiry by listing the bucket's unfinished multipart uploads (cleanUpExpiredUploads); no object tags,
    // which not every S3-compatible server keeps.
    const datastore = new S3Store({
      s3ClientConfig: { bucket, ...S3ObjectStore.clientConfig(store.location) },
      expirationPeriodInMilliseconds: ttlMs,
      useTags: false,
    });
    return { datastore, folder: null };
  }
  const { FileStore } = await import('@tus/file-store');
  const folder = dirname((store as DiskObjectStore).pathOf('files/x'));
  await mkdir(folder, { recursive: true });
  return { datastore: new FileStore({ directory: folder, expirationPeriodInMilliseconds: ttlMs }), folder };
}

/**
 * Resumable uploads (tus protocol, @tus/server with its FileStore under DATA_DIR or its S3 store in
 * the STORAGE_URL bucket). The HTTP route
 * authenticates first and hands the raw request over; each upload remembers its creator, and only
 * the creator may resume, inspect or cancel it. A completed upload becomes an Attachment item.
 */
export class UploadService {
  private readonly tus: Server;
  /** The caller of each request in flight, set by the route before tus sees the request. */
  private readonly callers = new WeakMap<IncomingMessage, Principal>();
  private timer: NodeJS.Timeout | null = null;

  /** Makes the upload service (@tus/server is an ES module only: loaded with import(), see tusStore). */
  static async create(
    services: Services,
    store: ObjectStore,
    attachments: Attachments,
    scanner: VirusScanner | null,
  ): Promise<UploadService> {
    const ttlMs = services.config.unfinishedUploadTtlSeconds * 1000;
    const [{ Server }, { datastore, folder }] = await Promise.all([import('@tus/server'), tusStore(store, ttlMs)]);
    return new UploadService(services, store, datastore, folder, attachments, scanner, Server, ttlMs);
  }

  private constructor(
    services: Services,
    store: ObjectStore,
    datastore: DataStore,
    /** The disk folder of uploads; null in a bucket, where the disk-full rules do not apply. */
    folder: string | null,
    attachments: Attachments,
    scanner: VirusScanner | null,
    TusServer: typeof Server,
    ttlMs: number,
  ) {
    this.tus = new TusServer({
      path: UPLOAD_PATH,
      datastore,
      maxSize: services.config.uploadMaxBytes,
      relativeLocation: true,
      // The browser uploads from the site's own pages: no other origin is let in (tus would answer
      // Access-Control-Allow-Origin: * otherwise).
      allowedOrigins: () => false,
      // Only the creator may end an upload, and never a finished one: its Attachment points at the file.
      disableTerminationForFinishedUploads: true,
      onUploadCreate: async (req, upload) => {
        const caller = this.callerOf(req);
        const meta = this.metaOf(upload);
        if (typeof meta === 'string') throw refuse(400, meta);
        // refusedBefore answers these first; kept here so no path stores an empty Attachment.
        if (upload.size === 0) throw refuse(400, 'An empty file cannot be uploaded');
        // A file that cannot fit is refused before a byte of it is written (507 Insufficient Storage).
        if (folder && upload.size !== undefined && upload.size > (await freeBytes(folder)) - (await reserveBytes(folder))) {
          throw refuse(507, STORAGE_FULL);
        }
        if (meta.relType && meta.relIndex !== undefined && !(await attachments.mayRelate(caller, meta.relType, meta.relIndex))) {
          throw refuse(403, `Not allowed to attach to ${meta.relType}-${meta.relIndex}`);
        }
        return { metadata: { ...upload.metadata, [OWNER_KEY]: caller.userId } };
      },
      onIncomingRequest: async (req, uploadId) => {
        const caller = this.callerOf(req);
        // Also called for a POST, with the id the new upload is about to get: nothing to own yet.
        if (req.method === 'POST') return;
        const upload = await datastore.getUpload(uploadId);
        // Someone else's upload looks like no upload at all.
        if (upload.metadata?.[OWNER_KEY] !== caller.userId) throw refuse(404, 'The file for this url was not found');
      },
      onUploadFinish: async (req, upload) => {
        const caller = this.callerOf(req);
        const meta = this.metaOf(upload);
        if (typeof meta === 'string') throw refuse(400, meta);
        if (scanner) await this.scanOrRemove(scanner, datastore, store, upload.id, services.config.logging);
        const record = await attachments.create(caller, upload.id, upload.size ?? upload.offset, meta);
        return { headers: { [ATTACHMENT_ID_HEADER]: record.id } };
      },
      onResponseError: async (req, err) => {
        // The disk filled while this file was written (files arriving together, or other writes): its
        // partial file goes at once, so the room it took is given back and nothing half-written stays.
        const failed = err as { code?: unknown; body?: unknown };
        const writeFailed = failed.code === 'ENOSPC' || (typeof failed.body === 'string' && failed.body.startsWith(FILE_WRITE_FAILED));
        if (folder && writeFailed && (await freeBytes(folder)) < NEARLY_FULL_BYTES) {
          const id = new URL(req.url).pathname.split('/').pop();
          if (id) await datastore.remove(id).catch(() => undefined);
          if (services.config.logging) console.error(`Upload ${id ?? ''} refused: the disk holding ${folder} is full`);
          return refuse(507, STORAGE_FULL);
        }
        if (err instanceof Error) console.error('Upload failed:', err);
        return undefined;
      },
    });
    const cleanup = (): void =>
      void this.tus.cleanUpExpiredUploads().catch((e: unknown) => console.error('Removing unfinished uploads failed:', e));
    this.timer = setInterval(cleanup, Math.min(CLEANUP_INTERVAL_MS, ttlMs));
    this.timer.unref();
  }

  /**
   * Scans a finished upload before it becomes an Attachment (ASVS 5.4.3). A file the scanner names,
   * or one it could not judge, is removed and refused: nothing unscanned is ever served. The scanner
   * reads a local file: in a bucket, a temporary copy, removed after.
   */
  private async scanOrRemove(
    scanner: VirusScanner,
    datastore: DataStore,
    store: ObjectStore,
    uploadId: string,
    logging: boolean,
  ): Promise<void> {
    let found: string[];
    try {
      const result = await withLocalCopy(store, `files/${uploadId}`, (path) => scanner.scan(path));
      if (!result) throw new Error(`The finished upload ${uploadId} is not stored`);
      if (!result.infected) return;
      found = result.viruses;
    } catch (e) {
      await datastore.remove(uploadId).catch(() => undefined);
      if (e instanceof ScannerUnavailableError) {
        if (logging) console.error(`Upload ${uploadId} refused: ${e.message}`);
        throw refuse(503, 'scannerUnavailable: the virus scanner could not check this file; try again later');
      }
      throw e;
    }
    await datastore.remove(uploadId).catch(() => undefined);
    if (logging) console.warn(`Upload ${uploadId} refused: the virus scanner found ${found.join(', ')}`);
    throw refuse(422, `fileInfected: the virus scanner found ${found.join(', ') || 'malware'} in this file; it was not kept`);
  }

  private callerOf(req: TusRequest): Principal {
    const raw = req.runtime?.node?.req;
    const caller = raw && this.callers.get(raw as IncomingMessage);
    if (!caller) throw refuse(401, 'Not signed in');
    return caller;
  }

  /** The attachment details in an upload's metadata, or why they are refused. */
  private metaOf(upload: TusUpload): AttachmentMeta | string {
    const m = upload.metadata ?? {};
    const originalName = (m.filename ?? m.name ?? '').trim();
    if (!originalName) return 'Upload-Metadata needs filename';
    if (originalName.length > 255) return 'The file name is longer than 255 characters';
    const meta: AttachmentMeta = { originalName };
    if (m.relProp) meta.relProp = m.relProp;
    if (m.relType || m.relIndex) {
      const relIndex = Number(m.relIndex);
      if (!m.relType || !/^[A-Z][A-Za-z0-9]*$/.test(m.relType) || !Number.isSafeInteger(relIndex) || relIndex <= 0) {
        return 'relType and relIndex must name an item';
      }
      meta.relType = m.relType;
      meta.relIndex = relIndex;
    }
    if (m.access) {
      if (!(VISIBILITIES as readonly string[]).includes(m.access)) return `Unknown access ${m.access}`;
      meta.access = m.access;
    }
    return meta;
  }

  /**
   * What is refused before tus sees a request, with a clear message: an empty file (an Attachment
   * needs content), and parallel parts (Upload-Concat), which the stores cannot join and tus
   * would answer with 501 although the client is the one to change.
   */
  refusedBefore(req: IncomingMessage): UploadRefusal | null {
    const length = req.headers['upload-length'];
    if ((req.method === 'POST' || req.method === 'PATCH') && typeof length === 'string' && /^\s*0+\s*$/.test(length)) {
      return { status: 400, body: { userMessage: 'emptyFile', sysMessage: 'An empty file cannot be uploaded' } };
    }
    if (req.headers['upload-concat'] !== undefined) {
      return {
        status: 400,
        body: {
          userMessage: 'parseRequestFailed',
          sysMessage: 'Uploads in parallel parts (Upload-Concat) are not supported: send the file as one upload',
        },
      };
    }
    return null;
  }

  /** Answers one tus request from `caller` (null only for OPTIONS, which needs no one). */
  async handle(caller: Principal | null, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (caller) this.callers.set(req, caller);
    await this.tus.handle(req, res);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
