import { describe, expect, it } from 'vitest';
import {
  jpegName,
  PHOTO_SHRINK,
  photoProgress,
  planPhotoShrink,
  shouldKeepOriginal,
} from './photo-shrink.ts';

const MEGABYTE = 1024 * 1024;

describe('planPhotoShrink', () => {
  it("brings a phone's photo down to 2000 px on its longest side, keeping its shape", () => {
    expect(planPhotoShrink({ width: 4000, height: 3000, bytes: 4 * MEGABYTE })).toEqual({
      width: 2000,
      height: 1500,
    });
    expect(planPhotoShrink({ width: 3000, height: 4000, bytes: 4 * MEGABYTE })).toEqual({
      width: 1500,
      height: 2000,
    });
  });

  it('keeps a tall photo as wide as the widest copy the server stores', () => {
    // 2000 px tall would make it 1125 px wide, narrower than the 1280 px copy.
    expect(planPhotoShrink({ width: 2160, height: 3840, bytes: 3 * MEGABYTE })).toEqual({
      width: 1280,
      height: 2276,
    });
  });

  it('leaves a photo within the size and already light as it is', () => {
    expect(planPhotoShrink({ width: 1600, height: 1200, bytes: 300 * 1024 })).toBeNull();
    expect(
      planPhotoShrink({ width: 2000, height: 1000, bytes: PHOTO_SHRINK.keepBelowBytes }),
    ).toBeNull();
  });

  it('re-encodes at its own size a photo within the size but heavy (a PNG screenshot)', () => {
    expect(planPhotoShrink({ width: 1200, height: 900, bytes: 3 * MEGABYTE })).toEqual({
      width: 1200,
      height: 900,
    });
  });

  it('never enlarges, and plans nothing for a picture without a size', () => {
    const plan = planPhotoShrink({ width: 2100, height: 40, bytes: 2 * MEGABYTE });
    expect(plan!.width).toBeLessThanOrEqual(2100);
    expect(plan!.height).toBeGreaterThanOrEqual(1);
    expect(planPhotoShrink({ width: 0, height: 0, bytes: MEGABYTE })).toBeNull();
  });
});

describe('shouldKeepOriginal', () => {
  it('keeps the original unless the shrunk copy saves at least a tenth of its bytes', () => {
    expect(shouldKeepOriginal(1000, 950)).toBe(true);
    expect(shouldKeepOriginal(1000, 1200)).toBe(true);
    expect(shouldKeepOriginal(1000, 900)).toBe(false);
    expect(shouldKeepOriginal(4 * MEGABYTE, 600 * 1024)).toBe(false);
  });
});

describe('jpegName', () => {
  it('names the re-encoded photo as a JPEG', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('house.front.png')).toBe('house.front.jpg');
    expect(jpegName('scan')).toBe('scan.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});

describe('photoProgress', () => {
  // A post of 1,000 bytes of fields, then photos of 3,000 and 1,000 bytes.
  const sizes = [3000, 1000];
  const total = 5000;

  it('counts each photo from the bytes sent before and of it', () => {
    expect(photoProgress(0, total, sizes)).toEqual([0, 0]);
    expect(photoProgress(1000, total, sizes)).toEqual([0, 0]);
    expect(photoProgress(2500, total, sizes)).toEqual([0.5, 0]);
    expect(photoProgress(4000, total, sizes)).toEqual([1, 0]);
    expect(photoProgress(4500, total, sizes)).toEqual([1, 0.5]);
  });

  it('has every photo sent once the whole post is, whatever the sizes say', () => {
    expect(photoProgress(total, total, sizes)).toEqual([1, 1]);
    expect(photoProgress(10, 0, sizes)).toEqual([1, 1]);
  });
});
