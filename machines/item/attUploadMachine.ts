/**
 * The uploads of one attachment (ATT) property (spec 000 §3, §9): each chosen file goes through the
 * upload effect (tus) with its progress shown; the Attachment item the server made is read for its
 * name, size, kind and type (a spawned operation actor per upload, `read.<key>`, stopped when the
 * upload is removed), and the finished entry is emitted for the form to add to the value.
 */
import { assign, emit, enqueueActions, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AttachmentKind } from '../../src/shared/fileConstants';
import type { UserMessage } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { connectionOperationLogic } from '../session/operation';
import type { SessionEffects, UploadFailure } from '../session/sessionEffects';
import type { ConnectionActorRef } from '../systemIds';

/** One element of an ATT value: the Attachment item and what is shown of it. */
export interface AttEntry {
  id: string;
  uppyID: string;
  originalName: string;
  size: number;
  kind: AttachmentKind;
  filetype: string;
}

/** A file on its way. */
export interface AttUpload {
  key: string;
  name: string;
  sent: number;
  total: number;
  status: 'uploading' | 'reading' | 'failed';
  /** Why the server refused the file (a message key), when it said. */
  reason?: UserMessage;
}

export interface AttUploadInput {
  name: string;
  /** The item the files belong to (relType and relIndex of the upload); null while creating. */
  itemId: string | null;
  upload: SessionEffects['upload'];
  /** The signed-in user's token at the time an upload starts. */
  token: () => string | null;
  /** The connection, for an actor started outside the session's actor system. */
  connection?: ConnectionActorRef;
}

export interface AttUploadContext extends Omit<AttUploadInput, 'connection'> {
  connection: ConnectionActorRef | null;
  uploads: AttUpload[];
  next: number;
}

export type AttUploadEvent =
  | { type: 'att.filesChosen'; files: File[] }
  | { type: 'att.cancelled'; key: string }
  | { type: 'att.dismissed'; key: string }
  | { type: 'att.progressed'; key: string; sent: number; total: number }
  | { type: 'att.uploaded'; key: string; id: string }
  | { type: 'att.uploadFailed'; key: string; reason?: UserMessage }
  /** The answer of the spawned read of an upload's Attachment (`read.<key>`). */
  | { type: `xstate.done.actor.read.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.read.${string}`; actorId: string; error: unknown };

/** Emitted when a file is stored and its Attachment read: the entry to add to the value. */
export interface AttAdded {
  type: 'att.added';
  name: string;
  entry: AttEntry;
}

/** Runs one upload through the effect and reports back; stopping it aborts the upload. */
const uploader = fromCallback<
  AttUploadEvent,
  { key: string; file: File; upload: SessionEffects['upload']; token: string | null; metadata: Record<string, string> }
>(({ input, sendBack }) => {
  let finished = false;
  const handle = input.upload(input.file, {
    token: input.token,
    metadata: input.metadata,
    onProgress: (sent, total) => sendBack({ type: 'att.progressed', key: input.key, sent, total }),
  });
  handle.done.then(
    (id) => {
      finished = true;
      sendBack({ type: 'att.uploaded', key: input.key, id });
    },
    (error: UploadFailure) => {
      finished = true;
      sendBack(
        error?.reason ? { type: 'att.uploadFailed', key: input.key, reason: error.reason } : { type: 'att.uploadFailed', key: input.key },
      );
    },
  );
  return () => {
    if (!finished) handle.abort();
  };
});

const READ_PREFIX = 'read.';
/** The id of the request that reads upload `key`'s Attachment. */
const readId = (key: string): string => `${READ_PREFIX}${key}`;
const keyOfRead = (actorId: string): string => actorId.slice(READ_PREFIX.length);

function entryOf(body: unknown): AttEntry | null {
  const b = body as Record<string, unknown> | null;
  if (!b || typeof b.$id !== 'string') return null;
  return {
    id: b.$id,
    uppyID: String(b.uppyID ?? ''),
    originalName: String(b.originalName ?? b.$id),
    size: typeof b.size === 'number' ? b.size : 0,
    kind: (typeof b.kind === 'string' ? b.kind : 'OTHER') as AttachmentKind,
    filetype: String(b.filetype ?? 'application/octet-stream'),
  };
}

const setStatus = (uploads: AttUpload[], key: string, change: Partial<AttUpload>): AttUpload[] =>
  uploads.map((u) => (u.key === key ? { ...u, ...change } : u));

/** The uploads of one ATT property. */
export const attUploadMachine = setup({
  types: {
    context: {} as AttUploadContext,
    events: {} as AttUploadEvent,
    input: {} as AttUploadInput,
    emitted: {} as AttAdded,
  },
  // A field outside a form runs outside the session's system: the read goes through the connection of the input, as a chooser's does.
  actors: { uploader, operation: connectionOperationLogic },
  actions: {
    startUploads: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'att.filesChosen') return;
      const [relType, relIndex] = context.itemId ? context.itemId.split('-') : [];
      const uploads = [...context.uploads];
      let next = context.next;
      for (const file of event.files) {
        next += 1;
        const key = `upload-${next}`;
        uploads.push({ key, name: file.name, sent: 0, total: file.size, status: 'uploading' });
        const metadata: Record<string, string> = {
          filename: file.name,
          relProp: context.name,
          ...(relType && relIndex ? { relType, relIndex } : {}),
        };
        enqueue.spawnChild('uploader', { id: key, input: { key, file, upload: context.upload, token: context.token(), metadata } });
      }
      enqueue.assign({ uploads, next });
    }),
    progress: assign(({ context, event }) =>
      event.type === 'att.progressed' ? { uploads: setStatus(context.uploads, event.key, { sent: event.sent, total: event.total }) } : {},
    ),
    readAttachment: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'att.uploaded') return;
      enqueue.assign({
        uploads: setStatus(context.uploads, event.key, {
          status: 'reading',
          sent: context.uploads.find((u) => u.key === event.key)?.total ?? 0,
        }),
      });
      // The upload is done: its uploader leaves the children (nothing to abort any more).
      enqueue.stopChild(event.key);
      enqueue.spawnChild('operation', {
        id: readId(event.key),
        input: { call: callOf(operations.read, undefined, { id: event.id }), connection: context.connection },
      });
    }),
    markFailed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'att.uploadFailed') return;
      enqueue.stopChild(event.key);
      enqueue.assign({
        uploads: setStatus(context.uploads, event.key, { status: 'failed', ...(event.reason ? { reason: event.reason } : {}) }),
      });
    }),
    takeRead: enqueueActions(({ context, enqueue }, params: { actorId: string; output: unknown }) => {
      const key = keyOfRead(params.actorId);
      // Done, it leaves the children, so nothing of it outlives its upload.
      enqueue.stopChild(params.actorId);
      const entry = entryOf(params.output);
      if (!entry) {
        enqueue.assign({ uploads: setStatus(context.uploads, key, { status: 'failed' }) });
        return;
      }
      enqueue.assign({ uploads: context.uploads.filter((u) => u.key !== key) });
      enqueue(emit({ type: 'att.added', name: context.name, entry }));
    }),
    readFailed: enqueueActions(({ context, enqueue }, params: { actorId: string }) => {
      enqueue.stopChild(params.actorId);
      enqueue.assign({ uploads: setStatus(context.uploads, keyOfRead(params.actorId), { status: 'failed' }) });
    }),
    // Its upload or its read, whichever is under way, is stopped: a late answer is never heard.
    cancel: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'att.cancelled' && event.type !== 'att.dismissed') return;
      enqueue.stopChild(event.key);
      enqueue.stopChild(readId(event.key));
      enqueue.assign({ uploads: context.uploads.filter((u) => u.key !== event.key) });
    }),
  },
  guards: {
    // An uploader's word counts only while its upload is on its way (not after it was cancelled or read).
    isUploading: ({ context, event }) => 'key' in event && context.uploads.some((u) => u.key === event.key && u.status === 'uploading'),
    // Only an upload still listed as reading takes an answer (the read of a removed one was stopped).
    isReading: ({ context }, params: { actorId: string }) =>
      context.uploads.some((u) => u.key === keyOfRead(params.actorId) && u.status === 'reading'),
  },
}).createMachine({
  id: 'attUpload',
  context: ({ input }) => ({
    name: input.name,
    itemId: input.itemId,
    upload: input.upload,
    token: input.token,
    connection: input.connection ?? null,
    uploads: [],
    next: 0,
  }),
  on: {
    'att.filesChosen': { actions: 'startUploads' },
    'att.progressed': { guard: 'isUploading', actions: 'progress' },
    'att.uploaded': { guard: 'isUploading', actions: 'readAttachment' },
    'att.uploadFailed': { guard: 'isUploading', actions: 'markFailed' },
    'att.cancelled': { actions: 'cancel' },
    'att.dismissed': { actions: 'cancel' },
    'xstate.done.actor.read.*': {
      guard: { type: 'isReading', params: ({ event }) => ({ actorId: event.actorId }) },
      actions: { type: 'takeRead', params: ({ event }) => ({ actorId: event.actorId, output: event.output }) },
    },
    'xstate.error.actor.read.*': {
      guard: { type: 'isReading', params: ({ event }) => ({ actorId: event.actorId }) },
      actions: { type: 'readFailed', params: ({ event }) => ({ actorId: event.actorId }) },
    },
  },
});

export type AttUploadActorRef = ActorRefFrom<typeof attUploadMachine>;
export type AttUploadSnapshot = SnapshotFrom<typeof attUploadMachine>;

/** The files on their way. */
export const selectAttUploads = (s: AttUploadSnapshot): AttUpload[] => s.context.uploads;
