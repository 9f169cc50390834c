import { readFile } from 'node:fs/promises';
import type Sharp from 'sharp';
import { IMAGE_VARIANTS } from '../../shared/fileConstants';
import type { ObjectKey, ObjectStore } from './objectStore';

/** Variants made at once by one process: each holds decoded pixels, and the machine has few cores. */
export const VARIANTS_AT_ONCE = 1;
/** Variant requests that may wait for their turn; past this the server answers 503 (serverBusy). */
export const VARIANTS_WAITING = 32;
/** Seconds a refused caller is asked to wait before asking again. */
export const VARIANTS_RETRY_AFTER_S = 5;
/** Largest SVG rasterised, in bytes: it is read into memory (see make). */
const SVG_MAX_BYTES = 5 * 1024 * 1024;

let sharpLoaded: Promise<typeof Sharp> | undefined;

/** sharp, loaded with the first variant made rather than with the server, and set up once. */
function loadSharp(): Promise<typeof Sharp> {
  return (sharpLoaded ??= import('sharp').then(({ default: sharp }: { default: typeof Sharp }) => {
    // libvips keeps recently decoded images in its cache for reuse; variants are made once and kept on
    // store, so the cache would only hold large pixel buffers after the work is done.
    sharp.cache(false);
    // One thread per image: with VARIANTS_AT_ONCE this keeps image work to about one core.
    sharp.concurrency(1);
    return sharp;
  }));
}

/** A variant could not be made: the image is over the pixel cap, not a readable image, or too many wait. */
export class ImageVariantError extends Error {
  constructor(
    readonly reason: 'imageTooLarge' | 'imageUnreadable' | 'serverBusy',
    message: string,
  ) {
    super(message);
    this.name = 'ImageVariantError';
  }
}

/** How busy the variant work is, for tests and the server state screen. */
export interface VariantStats {
  making: number;
  waiting: number;
  /** Most made at once since the process started. */
  mostAtOnce: number;
  made: number;
}

/**
 * Resized copies of uploaded images, made with sharp on first request and kept in the object store. sharp
 * refuses inputs above `maxPixels` before decoding them (a small file can claim a huge canvas).
 * Variants are WebP without metadata, so camera EXIF (places, devices) does not leak through them.
 * Work is queued: at most VARIANTS_AT_ONCE are made at once and VARIANTS_WAITING wait, so a burst
 * of large images cannot take the process's memory (four 100-megapixel previews at once did).
 */
export class ImageVariants {
  private readonly making = new Map<ObjectKey, Promise<ObjectKey>>();
  private readonly queue: (() => void)[] = [];
  private readonly counts: VariantStats = { making: 0, waiting: 0, mostAtOnce: 0, made: 0 };

  constructor(
    private readonly store: ObjectStore,
    private readonly maxPixels: number,
    private readonly atOnce: number = VARIANTS_AT_ONCE,
    private readonly maxWaiting: number = VARIANTS_WAITING,
  ) {}

  /** The current counts. */
  stats(): VariantStats {
    return { ...this.counts, waiting: this.queue.length };
  }

  /**
   * The object key of `variant` of the image `fileId` stored under `source` (of media type `filetype`),
   * made if it is not there yet; refuses with serverBusy when too many variants wait.
   */
  async key(fileId: string, source: ObjectKey, variant: keyof typeof IMAGE_VARIANTS, filetype = ''): Promise<ObjectKey> {
    const target: ObjectKey = `variants/${fileId}.${variant}.webp`;
    if ((await this.store.size(target)) !== null) return target;
    let pending = this.making.get(target);
    if (!pending) {
      pending = this.inTurn(() => this.make(source, target, IMAGE_VARIANTS[variant], filetype)).finally(() => this.making.delete(target));
      this.making.set(target, pending);
    }
    return pending;
  }

  /** Runs `work` when a place is free, waiting in line for it; refuses when the line is full. */
  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.counts.making >= this.atOnce) {
      if (this.queue.length >= this.maxWaiting) {
        throw new ImageVariantError('serverBusy', `${this.queue.length} image variants are waiting already`);
      }
      // The place is handed over by the one finishing (below), so nobody overtakes the line.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.counts.making++;
    }
    this.counts.mostAtOnce = Math.max(this.counts.mostAtOnce, this.counts.making);
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.counts.making--;
    }
  }

  private async make(source: ObjectKey, target: ObjectKey, side: number, filetype: string): Promise<ObjectKey> {
    // Another request (or process) may have made it while this one waited.
    if ((await this.store.size(target)) !== null) return target;
    const copy = await this.store.localCopy(source);
    if (!copy) throw new ImageVariantError('imageUnreadable', `The image ${source} is not stored`);
    try {
      // An SVG is read from memory, so it has no folder of its own: librsvg then loads no file it
      // names (another upload beside it, say) into the picture.
      const svg = /^image\/svg/.test(filetype);
      if (svg && ((await this.store.size(source)) ?? 0) > SVG_MAX_BYTES) throw new ImageVariantError('imageTooLarge', 'SVG over 5 MB');
      const input = svg ? await readFile(copy.path) : copy.path;
      // Sequential read streams the pixels through the resize, a band at a time; JPEG and WebP
      // shrink on load. autoOrient at load keeps the read sequential (a rotate() step may not).
      const sharp = await loadSharp();
      const webp = await sharp(input, { limitInputPixels: this.maxPixels, sequentialRead: true, autoOrient: true })
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true, fastShrinkOnLoad: true })
        .webp({ quality: 82 })
        .toBuffer();
      // The store writes it whole or not at all: a reader never sees half a variant, even from another process.
      await this.store.put(target, webp);
      this.counts.made++;
      return target;
    } catch (e) {
      if (e instanceof ImageVariantError) throw e;
      const message = (e as Error).message;
      if (/pixel limit/i.test(message)) throw new ImageVariantError('imageTooLarge', message);
      throw new ImageVariantError('imageUnreadable', message);
    } finally {
      await copy.release();
    }
  }

  /** Removes every variant of `fileId`. */
  async remove(fileId: string): Promise<void> {
    await Promise.all(Object.keys(IMAGE_VARIANTS).map((v) => this.store.remove(`variants/${fileId}.${v}.webp`)));
  }
}
