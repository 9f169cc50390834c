import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_VARIANTS } from '../../shared/fileConstants';

/** Variants made at once by one process: each holds decoded pixels, and the machine has few cores. */
export const VARIANTS_AT_ONCE = 1;
/** Variant requests that may wait for their turn; past this the server answers 503 (serverBusy). */
export const VARIANTS_WAITING = 32;
/** Seconds a refused caller is asked to wait before asking again. */
export const VARIANTS_RETRY_AFTER_S = 5;
/** Largest SVG rasterised, in bytes: it is read into memory (see make). */
const SVG_MAX_BYTES = 5 * 1024 * 1024;

// libvips keeps recently decoded images in its cache for reuse; variants are made once and kept on
// disk, so the cache would only hold large pixel buffers after the work is done.
sharp.cache(false);
// One thread per image: with VARIANTS_AT_ONCE this keeps image work to about one core.
sharp.concurrency(1);

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
 * Resized copies of uploaded images, made with sharp on first request and kept on disk. sharp
 * refuses inputs above `maxPixels` before decoding them (a small file can claim a huge canvas).
 * Variants are WebP without metadata, so camera EXIF (places, devices) does not leak through them.
 * Work is queued: at most VARIANTS_AT_ONCE are made at once and VARIANTS_WAITING wait, so a burst
 * of large images cannot take the process's memory (four 100-megapixel previews at once did).
 */
export class ImageVariants {
  private readonly making = new Map<string, Promise<string>>();
  private readonly queue: (() => void)[] = [];
  private readonly counts: VariantStats = { making: 0, waiting: 0, mostAtOnce: 0, made: 0 };

  constructor(
    private readonly dir: string,
    private readonly maxPixels: number,
    private readonly atOnce: number = VARIANTS_AT_ONCE,
    private readonly maxWaiting: number = VARIANTS_WAITING,
  ) {}

  /** The current counts. */
  stats(): VariantStats {
    return { ...this.counts, waiting: this.queue.length };
  }

  /**
   * The path of `variant` of the image `fileId` stored at `source` (of media type `filetype`),
   * made if it is not there yet; refuses with serverBusy when too many variants wait.
   */
  async path(fileId: string, source: string, variant: keyof typeof IMAGE_VARIANTS, filetype = ''): Promise<string> {
    const target = join(this.dir, `${fileId}.${variant}.webp`);
    if (await exists(target)) return target;
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

  private async make(source: string, target: string, side: number, filetype: string): Promise<string> {
    // Another request may have made it while this one waited.
    if (await exists(target)) return target;
    await mkdir(this.dir, { recursive: true });
    // Written beside and renamed: a reader never sees half a file, even from another process.
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    try {
      // An SVG is read from memory, so it has no folder of its own: librsvg then loads no file it
      // names (another upload beside it, say) into the picture.
      const svg = /^image\/svg/.test(filetype);
      if (svg && (await stat(source)).size > SVG_MAX_BYTES) throw new ImageVariantError('imageTooLarge', 'SVG over 5 MB');
      const input = svg ? await readFile(source) : source;
      // Sequential read streams the pixels through the resize, a band at a time; JPEG and WebP
      // shrink on load. autoOrient at load keeps the read sequential (a rotate() step may not).
      await sharp(input, { limitInputPixels: this.maxPixels, sequentialRead: true, autoOrient: true })
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true, fastShrinkOnLoad: true })
        .webp({ quality: 82 })
        .toFile(tmp);
      await rename(tmp, target);
      this.counts.made++;
      return target;
    } catch (e) {
      await rm(tmp, { force: true });
      if (e instanceof ImageVariantError) throw e;
      const message = (e as Error).message;
      if (/pixel limit/i.test(message)) throw new ImageVariantError('imageTooLarge', message);
      throw new ImageVariantError('imageUnreadable', message);
    }
  }

  /** Removes every variant of `fileId`. */
  async remove(fileId: string): Promise<void> {
    await Promise.all(Object.keys(IMAGE_VARIANTS).map((v) => rm(join(this.dir, `${fileId}.${v}.webp`), { force: true })));
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
