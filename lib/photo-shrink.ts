import { PHOTO_WIDTHS } from './photos.ts';

/**
 * How the browser shrinks a photo before sending it (app/components/photo-upload.ts): a phone's
 * 4000 px, 3 to 5 MB picture is far more than a listing shows, and on a slow connection its
 * upload is most of the wait. The server's pipeline stays the authority: it checks, turns
 * upright and resizes whatever arrives, shrunk or not.
 */
export const PHOTO_SHRINK = {
  /** The longest side a sent photo keeps. */
  maxSide: 2000,
  /** JPEG quality of a shrunk photo. */
  quality: 0.85,
  /** A photo within maxSide and this size is sent as it is: re-encoding it would gain little. */
  keepBelowBytes: 500 * 1024,
  /** A shrunk photo is sent only when it saves at least this share of the original's bytes. */
  minSaving: 0.1,
} as const;

/** The widest copy the server stores: a shrunk photo stays at least this wide when it was. */
const LARGEST_STORED_WIDTH = Math.max(...PHOTO_WIDTHS);

export type PhotoSize = { width: number; height: number };

/**
 * The size to redraw a photo at, or null to send it as it is: one within `maxSide` and already
 * small is left alone. A larger one is scaled down to `maxSide` on its longest side, but never
 * below the widest copy the server stores, so a tall portrait keeps its full-width copy.
 */
export function planPhotoShrink(photo: PhotoSize & { bytes: number }): PhotoSize | null {
  const { width, height, bytes } = photo;
  if (width <= 0 || height <= 0) return null;
  const longest = Math.max(width, height);
  if (longest <= PHOTO_SHRINK.maxSide && bytes <= PHOTO_SHRINK.keepBelowBytes) return null;
  const fitting = PHOTO_SHRINK.maxSide / longest;
  const keepingWidth = Math.min(width, LARGEST_STORED_WIDTH) / width;
  const scale = Math.min(1, Math.max(fitting, keepingWidth));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Whether the shrunk copy is not worth sending: it saves less than `minSaving` of the bytes. */
export function shouldKeepOriginal(originalBytes: number, shrunkBytes: number): boolean {
  return shrunkBytes > originalBytes * (1 - PHOTO_SHRINK.minSaving);
}

/** The name of a photo re-encoded as JPEG: 'IMG_0001.HEIC' -> 'IMG_0001.jpg'. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'photo'}.jpg`;
}

/**
 * How far each photo of a form post has gone, from the post's bytes sent so far: the photos
 * are the last parts of the form, in order, so photo i is sent once the bytes before it and its
 * own are. Each share is from 0 to 1; all are 1 once the whole post is sent.
 */
export function photoProgress(loaded: number, total: number, photoBytes: number[]): number[] {
  if (total <= 0 || loaded >= total) return photoBytes.map(() => 1);
  const photosBytes = photoBytes.reduce((sum, bytes) => sum + bytes, 0);
  let start = Math.max(0, total - photosBytes);
  return photoBytes.map((bytes) => {
    const share = bytes === 0 ? (loaded >= start ? 1 : 0) : (loaded - start) / bytes;
    start += bytes;
    return Math.min(1, Math.max(0, share));
  });
}
