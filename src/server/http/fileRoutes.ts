import { basename, dirname } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_IMAGE_VARIANT,
  DOWNLOAD_FLAG,
  IMAGE_VARIANTS,
  UPLOAD_PATH,
  isViewableType,
  type ImageVariant,
} from '../../shared/fileConstants';
import { Attachments, type ReadableFile } from '../files/Attachments';
import { contentDisposition } from '../files/contentDisposition';
import { exportAttachmentsTask } from '../files/exportAttachmentsTask';
import { closeObjectStore, DiskObjectStore, objectStoreOf, type ObjectKey, type ObjectStore } from '../files/objectStore';
import { ImageVariantError, ImageVariants, VARIANTS_RETRY_AFTER_S } from '../files/ImageVariants';
import { UploadService } from '../files/UploadService';
import { VirusScanner } from '../files/VirusScanner';
import { OpError } from '../OpError';
import type { Caller } from '../policy/Principal';
import type { Services } from '../services';
import { countTask } from '../tasks/countTask';
import { TaskRunner } from '../tasks/TaskRunner';
import { taskKinds } from '../tasks/taskKinds';
import { callerOf } from './bearer';
import { fileCallerOf } from './fileCaller';
import { sendObject } from './sendObject';

type Query = Record<string, string | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's image variant maker (its queue's counts are read by tests). */
    imageVariants: ImageVariants;
  }
}

const notFound = (reply: FastifyReply, what: string) => reply.code(404).send({ userMessage: 'notFound', sysMessage: `${what} not found` });
const isFlagSet = (q: Query, name: string): boolean => name in q && q[name] !== '0' && q[name] !== 'false';

/** The variant asked for in `?variant=`, the fallback when none is, or null for an unknown one. */
function variantOf(q: Query, fallback: ImageVariant): ImageVariant | null {
  const v = q.variant;
  if (v === undefined || v === '') return fallback;
  return v === 'original' || v in IMAGE_VARIANTS ? (v as ImageVariant) : null;
}

/** The caller of a file request, or a reply already sent (401) for a bad token. */
async function fileCaller(request: FastifyRequest, reply: FastifyReply, services: Services): Promise<Caller | FastifyReply> {
  try {
    return await fileCallerOf(request, services);
  } catch (e) {
    if (e instanceof OpError) return reply.code(401).send(e.toBody());
    throw e;
  }
}
const isReply = (v: unknown): v is FastifyReply => typeof v === 'object' && v !== null && 'sent' in v && 'code' in v;

/** Sends a stored file with the type the server decided and a disposition that matches it. */
async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  key: ObjectKey,
  type: string,
  name: string,
  download: boolean,
): Promise<FastifyReply> {
  reply.header('content-type', type);
  reply.header('content-disposition', contentDisposition(download || !isViewableType(type) ? 'attachment' : 'inline', name));
  // Revalidated every time (ETag), so a reader who lost access is refused at once.
  reply.header('cache-control', 'private, no-cache');
  if (!(store instanceof DiskObjectStore)) return sendObject(request, reply, store, key);
  const path = store.pathOf(key);
  return reply.sendFile(basename(path), dirname(path), { contentType: false, cacheControl: false });
}

/**
 * Files: tus uploads (/api/upload), attachment media and image variants, item images, and task
 * result downloads; it also starts this process's task runner, whose results these routes serve.
 * Every file request checks the caller's right to read the Attachment item, each time.
 */
export async function registerFileRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const store = objectStoreOf(services.config);
  const attachments = new Attachments(services, store);
  services.items.addChangeHook(attachments.linkHook);
  const variants = new ImageVariants(store, services.config.imageMaxPixels);
  app.decorate('imageVariants', variants);
  const scanner = services.config.clamdUrl ? await VirusScanner.forUrl(services.config.clamdUrl) : null;
  const uploads = await UploadService.create(services, store, attachments, scanner);
  taskKinds.register(exportAttachmentsTask);
  // A task of known timing for the process tests; never offered unless asked for.
  if (process.env.KK_TEST_TASK_KINDS === '1') taskKinds.register(countTask);
  const tasks = await TaskRunner.start(services);
  app.addHook('onClose', async () => {
    uploads.stop();
    await tasks.stop();
    closeObjectStore(services.config);
  });

  await app.register(async (scope) => {
    // tus reads the body itself: leave upload chunks unparsed (and outside the JSON body limit).
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const tusRoute = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      let caller: Caller = null;
      if (request.method !== 'OPTIONS') {
        try {
          caller = await callerOf(request, services);
        } catch (e) {
          if (!(e instanceof OpError)) throw e;
        }
        if (!caller) {
          await reply.code(401).send({ userMessage: 'notSignedIn', sysMessage: 'Uploads need Authorization: Bearer <token>' });
          return;
        }
      }
      const refused = request.method === 'OPTIONS' ? null : uploads.refusedBefore(request.raw);
      if (refused) {
        await reply.code(refused.status).header('tus-resumable', '1.0.0').send(refused.body);
        return;
      }
      reply.hijack();
      try {
        await uploads.handle(caller, request.raw, reply.raw);
      } catch (e) {
        console.error('Upload request failed:', e);
        if (!reply.raw.headersSent) reply.raw.writeHead(500);
        reply.raw.end();
      }
    };
    for (const url of [UPLOAD_PATH, `${UPLOAD_PATH}/:id`]) {
      scope.route({ method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url, handler: tusRoute });
    }
  });

  const serveFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: ReadableFile,
    q: Query,
    variant: ImageVariant,
  ): Promise<FastifyReply> => {
    const download = isFlagSet(q, DOWNLOAD_FLAG);
    if (file.kind !== 'IMAGE' || variant === 'original')
      return sendStored(request, reply, store, file.key, file.filetype, file.originalName, download);
    let key: ObjectKey;
    try {
      key = await variants.key(file.fileId, file.key, variant, file.filetype);
    } catch (e) {
      if (!(e instanceof ImageVariantError)) throw e;
      if (e.reason === 'serverBusy') {
        return reply.code(503).header('retry-after', String(VARIANTS_RETRY_AFTER_S)).send({ userMessage: e.reason, sysMessage: e.message });
      }
      return reply.code(422).send({ userMessage: e.reason, sysMessage: e.message });
    }
    const stem = file.originalName.replace(/\.[^.]*$/, '') || 'image';
    return sendStored(request, reply, store, key, 'image/webp', `${stem}.${variant}.webp`, download);
  };

  const attachment = async (request: FastifyRequest<{ Params: { ref: string }; Querystring: Query }>, reply: FastifyReply) => {
    const caller = await fileCaller(request, reply, services);
    if (isReply(caller)) return caller;
    const { ref } = request.params;
    // By item id the media itself; by upload id (spec 000 §7) an image's `small` variant unless asked otherwise.
    const variant = variantOf(request.query, /^Attachment-\d+$/.test(ref) ? 'original' : DEFAULT_IMAGE_VARIANT);
    if (!variant)
      return reply.code(400).send({ userMessage: 'parseRequestFailed', sysMessage: `Unknown variant ${request.query.variant}` });
    const file = await attachments.byRef(caller, ref);
    if (!file) return notFound(reply, `Attachment ${ref}`);
    return serveFile(request, reply, file, request.query, variant);
  };
  app.get<{ Params: { ref: string }; Querystring: Query }>('/attachment/:ref', attachment);
  app.get<{ Params: { ref: string; filename: string }; Querystring: Query }>('/attachment/:ref/:filename', attachment);

  const image =
    (find: (caller: Caller, param: string) => Promise<ReadableFile | null>) =>
    async (request: FastifyRequest<{ Params: { ref: string }; Querystring: Query }>, reply: FastifyReply) => {
      const caller = await fileCaller(request, reply, services);
      if (isReply(caller)) return caller;
      const variant = variantOf(request.query, DEFAULT_IMAGE_VARIANT);
      if (!variant)
        return reply.code(400).send({ userMessage: 'parseRequestFailed', sysMessage: `Unknown variant ${request.query.variant}` });
      const file = await find(caller, request.params.ref);
      if (!file || file.kind !== 'IMAGE') return notFound(reply, `Image of ${request.params.ref}`);
      return serveFile(request, reply, file, request.query, variant);
    };
  app.get(
    '/item-id-image/:ref',
    image((caller, itemId) => attachments.imageOf(caller, itemId)),
  );
  // Items have no uuid of their own here: the uuid of an image is its upload id (see docs/decisions.md).
  app.get(
    '/item-uuid-image/:ref',
    image((caller, uuid) => attachments.byRef(caller, uuid)),
  );

  app.get<{ Params: { key: string; name: string }; Querystring: Query }>('/api/task-result/:key/:name', async (request, reply) => {
    const caller = await fileCaller(request, reply, services);
    if (isReply(caller)) return caller;
    if (!caller) return reply.code(401).send({ userMessage: 'notSignedIn', sysMessage: 'Task results need a signed-in user' });
    const result = await tasks.result(caller, request.params.key);
    if (!result) return notFound(reply, `Result of task ${request.params.key}`);
    return sendStored(request, reply, store, result.key, result.type, result.name, isFlagSet(request.query, DOWNLOAD_FLAG));
  });
}
