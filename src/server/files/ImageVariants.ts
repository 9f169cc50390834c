import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_VARIANTS } from '../../shared/fileConstants';

/** A variant could not be made: the image is over the pixel cap or not a readable image. */
export class ImageVariantError extends Error {
  constructor(
    readonly reason: 'imageTooLarge' | 'imageUnreadable',
    message: string,
  ) {
    super(message);
    this.name = 'ImageVariantError';
  }
}

/**
 * Resized copies of uploaded images, made with sharp on first request and kept on disk. sharp
 * refuses inputs above `maxPixels` before decoding them (a small file can claim a huge canvas).
 * Variants are WebP without metadata, so camera EXIF (places, devices) does not leak through them.
 */
export class ImageVariants {
  private readonly making = new Map<string, Promise<string>>();

  constructor(
    private readonly dir: string,
    private readonly maxPixels: number,
  ) {}

  /** The path of `variant` of the image `fileId` stored at `source`, made if it is not there yet. */
  async path(fileId: string, source: string, variant: keyof typeof IMAGE_VARIANTS): Promise<string> {
    const target = join(this.dir, `${fileId}.${variant}.webp`);
    try {
      await stat(target);
      return target;
    } catch {
      // not made yet
    }
    let pending = this.making.get(target);
    if (!pending) {
      pending = this.make(source, target, IMAGE_VARIANTS[variant]).finally(() => this.making.delete(target));
      this.making.set(target, pending);
    }
    return pending;
  }

  private async make(source: string, target: string, side: number): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    // Written beside and renamed: a reader never sees half a file, even from another process.
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    try {
      await sharp(source, { limitInputPixels: this.maxPixels })
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(tmp);
      await rename(tmp, target);
      return target;
    } catch (e) {
      await rm(tmp, { force: true });
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
