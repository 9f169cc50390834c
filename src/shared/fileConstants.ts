/** Attachments, image variants and task results (spec 000 §9, spec 001 §3 and §9), read by both sides. */
import { UserMessage } from './protocol/frame';

/** Kinds of attachment, decided by the server from the file's content. */
export const ATTACHMENT_KINDS = ['AUDIO', 'DOCUMENT', 'IMAGE', 'OTHER', 'VIDEO'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** Name of the zip an attachment export produces. */
export const ARCHIVE_ZIP_NAME = 'archive-attachments.zip';

/** Image variants: the longest side in pixels (never enlarged). `original` is the file itself. */
export const IMAGE_VARIANTS = { thumb: 160, small: 480, medium: 1024, large: 2048 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS | 'original';
/** The variant of `/attachment/{uppyID}` and the item image routes when none is asked for. */
export const DEFAULT_IMAGE_VARIANT: ImageVariant = 'small';

/** Where tus uploads go (POST to create, PATCH to send, HEAD to resume). */
export const UPLOAD_PATH = '/api/upload';
/** Default largest upload, in bytes (UPLOAD_MAX_BYTES on the server). */
export const DEFAULT_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;
/** Response header of the request that completes an upload: the id of the Attachment item it made. */
export const ATTACHMENT_ID_HEADER = 'x-kk-attachment-id';

/** Query flag of a file URL that asks for `Content-Disposition: attachment` (save rather than show). */
export const DOWNLOAD_FLAG = 'download';

/**
 * Whether the browser may show a file of this media type itself (spec 000 §9: audio, video, image,
 * model, PDF). SVG is left out: it is a document that can carry script.
 */
export function isViewableType(mediaType: string): boolean {
  const t = mediaType.toLowerCase().split(';')[0]!.trim();
  if (t === 'image/svg+xml') return false;
  return /^(audio|video|image|model)\//.test(t) || t === 'application/pdf';
}

/**
 * The message key of a refused upload, from the tus answer: its JSON `userMessage`, or the
 * `key: explanation` text of a refusal made inside tus, else one that fits its status.
 */
export function uploadRefusalKey(status: number, body: string): UserMessage {
  try {
    const parsed = JSON.parse(body) as { userMessage?: unknown };
    if (typeof parsed?.userMessage === 'string' && Object.hasOwn(UserMessage, parsed.userMessage)) return parsed.userMessage as UserMessage;
  } catch {
    // not JSON: a refusal made inside tus
  }
  const named = /^([a-zA-Z]+):/.exec(body.trim())?.[1];
  if (named && Object.hasOwn(UserMessage, named)) return named as UserMessage;
  if (status === 401) return 'notSignedIn';
  if (status === 403) return 'notAllowed';
  if (status === 413) return 'tooLarge';
  return 'generalFailure';
}
