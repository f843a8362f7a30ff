import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { InvalidError, PayloadTooLargeError } from '#lib/errors.ts';
import { currentLocale } from '#lib/i18n.ts';
import { t } from '#lib/i18n.all.ts';
import type { Photo } from '#lib/listing.ts';
import { MAX_PHOTOS } from '#lib/limits.ts';
import { PHOTO_WIDTHS } from '#lib/photos.ts';
import { decodeHeic } from './media.heic.ts';
import type { PhotoStorage } from './media.storage-contract.ts';

/** Larger images are refused before decoding: a small file can expand to gigabytes. */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 72;
const PLACEHOLDER_WIDTH = 16;
const LARGEST_WIDTH = Math.max(...PHOTO_WIDTHS);
const MEGABYTE = 1024 * 1024;

/** A size in megabytes as the reader writes numbers: '1.5' in English, '1,5' in French. */
function megabytes(bytes: number): string {
  const decimal = currentLocale() === 'fr' ? ',' : '.';
  return String(Number((bytes / MEGABYTE).toFixed(1))).replace('.', decimal);
}

/**
 * What a refused photo is told, after the field name (`photos: ...`), in the language of the
 * request or page that sent it: a form's errors are read under its field.
 */
export const PHOTO_MESSAGES = {
  get unsupported() {
    return t('photo.unsupported');
  },
  get damaged() {
    return t('photo.damaged');
  },
  get tooManyPixels() {
    return t('photo.tooManyPixels', { max: MAX_INPUT_PIXELS / 1_000_000 });
  },
  get tooMany() {
    return t('photo.tooMany', { max: MAX_PHOTOS });
  },
  tooLarge: (maxBytes: number) => t('photo.tooLarge', { max: megabytes(maxBytes) }),
};

/** The formats phones and cameras produce; identified from the decoded header, never the name. */
type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/** The photos one call stored, and the way to take its new files back if the caller fails. */
type StoredPhotos = {
  /** In the order given: the first is the cover. */
  photos: Photo[];
  /**
   * Removes the files this call created, never one that existed before it (content-hash names
   * are shared by every listing holding the same picture). Safe to call more than once.
   */
  discard(): Promise<void>;
};

export type MediaService = ReturnType<typeof createMediaService>;

type Identified = { input: Buffer; format: PhotoFormat; metadata: Metadata };

/**
 * sharp names every HEIF file `heif`; the codec inside tells AVIF (AV1, which sharp's libvips
 * decodes) from HEIC (HEVC, which it does not, for patent reasons). SVG, GIF, TIFF and the rest
 * decode too but are refused: SVG is a document that can carry scripts and links, and none of
 * them is what a phone camera produces.
 */
function toPhotoFormat(metadata: Metadata): PhotoFormat | undefined {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
      return metadata.format;
    case 'heif':
      if (metadata.compression === 'av1') return 'avif';
      if (metadata.compression === 'hevc') return 'heic';
      return undefined;
    default:
      return undefined;
  }
}

function hashPixels(data: Buffer, width: number, height: number, channels: number): string {
  // The shape is hashed too: the same bytes read as 100x200 and as 200x100 are two pictures.
  return createHash('sha256')
    .update(`${width}x${height}x${channels}:`)
    .update(data)
    .digest('hex')
    .slice(0, 32);
}

/** dHash's grid: 9 columns so each of the 8 rows gives 8 left-right comparisons, 64 bits. */
const HASH_COLUMNS = 9;
const HASH_ROWS = 8;

/**
 * A picture's 64-bit difference hash (dHash) as 16 hex digits: greyscale, squeezed to 9x8
 * whatever its shape, each bit saying whether a pixel is brighter than its right neighbour.
 * Re-encoding, resizing and recompressing flip few bits; another picture flips about half.
 */
export async function differenceHash(image: Sharp): Promise<string> {
  const { data, info } = await image
    .clone()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(HASH_COLUMNS, HASH_ROWS, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = (x: number, y: number) => data[(y * HASH_COLUMNS + x) * info.channels]!;
  let hash = 0n;
  for (let y = 0; y < HASH_ROWS; y += 1) {
    for (let x = 0; x < HASH_COLUMNS - 1; x += 1) {
      hash = (hash << 1n) | (grey(x, y) > grey(x + 1, y) ? 1n : 0n);
    }
  }
  return hash.toString(16).padStart(16, '0');
}

/** Builds the photo pipeline on one storage; `maxBytes` is UPLOAD_MAX_MB per photo. */
export function createMediaService({
  storage,
  maxBytes,
}: {
  storage: PhotoStorage;
  maxBytes?: number;
}) {
  /** Checks size, format and pixel count from the header alone, before any pixel is decoded. */
  async function identify(input: Buffer, field: string): Promise<Identified> {
    if (maxBytes !== undefined && input.length > maxBytes) {
      throw PayloadTooLargeError.field(field, PHOTO_MESSAGES.tooLarge(maxBytes));
    }
    if (input.length === 0) throw InvalidError.field(field, PHOTO_MESSAGES.unsupported);
    let metadata: Metadata;
    try {
      // No pixel limit here: a header claiming too many pixels gets its own message below.
      metadata = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw InvalidError.field(field, PHOTO_MESSAGES.unsupported);
    }
    const format = toPhotoFormat(metadata);
    if (!format) throw InvalidError.field(field, PHOTO_MESSAGES.unsupported);
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
      throw InvalidError.field(field, PHOTO_MESSAGES.tooManyPixels);
    }
    return { input, format, metadata };
  }

  /**
   * The upright picture as a pipeline (nothing decoded yet, except a HEIC) and its upright
   * size at full resolution, which is what a listing records.
   */
  async function openUpright({
    input,
    format,
    metadata,
  }: Identified): Promise<{ pipeline: Sharp; width: number; height: number }> {
    if (format !== 'heic') {
      // limitInputPixels again: the header check trusted the header's own numbers.
      const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
      return { pipeline: pipeline.rotate(), ...metadata.autoOrient };
    }
    // HEIF stores rotation as transforms that libheif applies while decoding; its EXIF
    // orientation is informative only, so nothing is rotated here.
    const { width, height, data } = await decodeHeic(input);
    if (width * height > MAX_INPUT_PIXELS) throw new Error('HEIC larger than its header said');
    const pixels = sharp(data, { raw: { width, height, channels: 4 } });
    return { pipeline: metadata.hasAlpha ? pixels : pixels.removeAlpha(), width, height };
  }

  /**
   * Decodes once, straight to the largest stored width, and derives the smaller sizes and the
   * hash from that: 2 MP of pixels to resize and hash rather than a phone photo's 12 MP.
   */
  async function storeOne(identified: Identified, field: string, created: string[]) {
    let largest: { data: Buffer; info: OutputInfo };
    let original: { width: number; height: number };
    try {
      const { pipeline, ...size } = await openUpright(identified);
      original = size;
      largest = await pipeline
        .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      // The header was a photo's, so the pixels behind it are what failed.
      throw InvalidError.field(field, PHOTO_MESSAGES.damaged);
    }
    const { width, height, channels } = largest.info;
    const pixels = () => sharp(largest.data, { raw: { width, height, channels } });
    const key = hashPixels(largest.data, width, height, channels);

    // A picture narrower than a stored width is stored at its own width under each name, so
    // each distinct width is encoded once.
    const encoded = new Map<number, Promise<Buffer>>();
    const encodeAt = (outputWidth: number) => {
      let webp = encoded.get(outputWidth);
      if (!webp) {
        const resized = outputWidth === width ? pixels() : pixels().resize({ width: outputWidth });
        webp = resized.webp({ quality: WEBP_QUALITY }).toBuffer();
        encoded.set(outputWidth, webp);
      }
      return webp;
    };
    await Promise.all(
      PHOTO_WIDTHS.map(async (targetWidth) => {
        const name = `${key}-${targetWidth}.webp`;
        // Skips the encoding, not only the write, when another listing holds this picture.
        if (await storage.has(name)) return;
        if (await storage.put(name, await encodeAt(Math.min(targetWidth, width)))) {
          created.push(name);
        }
      }),
    );
    const [tiny, hash] = await Promise.all([
      pixels().resize({ width: PLACEHOLDER_WIDTH }).webp({ quality: 40 }).toBuffer(),
      differenceHash(pixels()),
    ]);
    return {
      key,
      width: original.width,
      height: original.height,
      placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      hash,
    } satisfies Photo;
  }

  /**
   * Stores up to MAX_PHOTOS photos in order (the first is the cover): each one decoded (so only
   * real JPEG, PNG, WebP, AVIF and HEIC pictures pass), turned upright, stripped of metadata such
   * as GPS, and saved as WebP at every PHOTO_WIDTHS under a content-hash name. When one is
   * refused, the files this call created are removed before the error is thrown.
   */
  async function storePhotos(inputs: readonly Buffer[], field = 'photos'): Promise<StoredPhotos> {
    if (inputs.length > MAX_PHOTOS) throw InvalidError.field(field, PHOTO_MESSAGES.tooMany);
    // Every header is checked before any photo is decoded: a bad last file costs no encoding.
    const identified: Identified[] = [];
    for (const input of inputs) identified.push(await identify(input, field));

    const created: string[] = [];
    const discard = async () => {
      const names = created.splice(0);
      const results = await Promise.allSettled(names.map((name) => storage.remove(name)));
      const failures = results.filter((result) => result.status === 'rejected');
      if (failures.length > 0) {
        throw new AggregateError(
          failures.map((failure) => failure.reason),
          `Could not remove ${failures.length} of ${names.length} new photo files`,
        );
      }
    };
    const photos: Photo[] = [];
    try {
      // One at a time: a 12 MP photo decodes to ~50 MB of pixels, and eight at once would not
      // be faster on a machine whose cores the encoder already keeps busy.
      for (const photo of identified) photos.push(await storeOne(photo, field, created));
    } catch (error) {
      // The refusal is what the caller must see, not a failure to tidy up after it.
      await discard().catch(() => {});
      throw error;
    }
    return { photos, discard };
  }

  /** Stores one photo: storePhotos for a single file, keeping its files (nothing to undo). */
  async function storePhoto(input: Buffer, field = 'photos'): Promise<Photo> {
    const { photos } = await storePhotos([input], field);
    return photos[0]!;
  }

  /**
   * Runs a write after storing its photos (none: nothing stored, `stored` undefined), removing
   * the files this call created again if the write fails, so a refused save leaves no orphans.
   */
  async function withStoredPhotos<T>(
    photoFiles: readonly Buffer[],
    write: (stored: StoredPhotos | undefined) => Promise<T>,
  ): Promise<T> {
    const stored = photoFiles.length > 0 ? await storePhotos(photoFiles) : undefined;
    try {
      return await write(stored);
    } catch (error) {
      await stored?.discard();
      throw error;
    }
  }

  return { storePhotos, storePhoto, withStoredPhotos };
}
