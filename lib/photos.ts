import type { Photo } from './listing.ts';

/** The widths every photo is stored at, as WebP (a smaller original is never enlarged). */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;
type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

export type PhotoView = {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  placeholder: string;
};

function photoUrl(key: string, width: PhotoWidth): string {
  return `/media/${key}-${width}.webp`;
}

/** The smallest stored copy of a photo, for a thumbnail (a map's card). */
export function photoThumbSrc(key: string): string {
  return photoUrl(key, PHOTO_WIDTHS[0]);
}

/**
 * The smallest stored copy of a shown photo, for a visitor saving data: the first candidate of
 * its srcset, which lists the widths smallest first.
 */
export function smallestPhotoSrc(photo: PhotoView): string {
  return photo.srcSet.split(' ', 1)[0] || photo.src;
}

/** What a page needs to show a stored photo responsively. */
export function toPhotoView(photo: Photo): PhotoView {
  return {
    src: photoUrl(photo.key, 640),
    srcSet: PHOTO_WIDTHS.map((width) => `${photoUrl(photo.key, width)} ${width}w`).join(', '),
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
  };
}
