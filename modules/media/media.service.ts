import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { InvalidError } from '#lib/errors.ts';
import type { Photo } from '#lib/listing.ts';
import { PHOTO_WIDTHS } from '#lib/photos.ts';
import type { PhotoStorage } from './media.storage.ts';

/** Larger images are refused before decoding: a small file can expand to gigabytes. */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 72;
const PLACEHOLDER_WIDTH = 16;

export type MediaService = ReturnType<typeof createMediaService>;

export function createMediaService({ storage }: { storage: PhotoStorage }) {
  /**
   * Re-encodes an image into the stored photo sizes: decoded (so only real images pass),
   * turned upright, stripped of metadata such as GPS, and saved as WebP under a content-hash
   * name. Answers what a listing keeps about the photo.
   */
  async function storePhoto(input: Buffer, field = 'photos'): Promise<Photo> {
    let upright: { data: Buffer; info: OutputInfo };
    try {
      upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw InvalidError.field(field, 'is not an image we can read');
    }
    const { width, height, channels } = upright.info;
    const pixels = () => sharp(upright.data, { raw: { width, height, channels } });
    const key = createHash('sha256').update(upright.data).digest('hex').slice(0, 32);
    await Promise.all(
      PHOTO_WIDTHS.map(async (targetWidth) => {
        const name = `${key}-${targetWidth}.webp`;
        if (await storage.has(name)) return;
        const webp = await pixels()
          .resize({ width: targetWidth, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer();
        await storage.put(name, webp);
      }),
    );
    const tiny = await pixels()
      .resize({ width: PLACEHOLDER_WIDTH })
      .webp({ quality: 40 })
      .toBuffer();
    return {
      key,
      width,
      height,
      placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    };
  }

  return { storePhoto };
}
