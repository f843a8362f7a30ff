import { useIsDataSaverOn } from '#app/use-root-data.ts';
import { t } from '#lib/i18n.ts';
import { smallestPhotoSrc, type PhotoView } from '#lib/photos.ts';

/** Card-sized photos: one column on phones, two on tablets, three on desktops. */
export const CARD_SIZES = '(min-width: 1152px) 360px, (min-width: 640px) 50vw, 100vw';

/**
 * A listing photo that never shifts the layout: a fixed 4:3 box, a blurred preview painted
 * before the image arrives, responsive WebP sources, and a placeholder when there is no photo.
 * A visitor saving data gets the smallest file alone, whatever the screen: no srcset would let
 * a wide or dense screen pick a larger one.
 */
export function ListingPhoto({
  photo,
  alt,
  sizes,
  isPriority = false,
  className = '',
}: {
  photo: PhotoView | undefined;
  alt: string;
  sizes: string;
  isPriority?: boolean;
  className?: string;
}) {
  const isDataSaverOn = useIsDataSaverOn();
  const box = `aspect-[4/3] w-full object-cover ${className}`;
  if (!photo) {
    return (
      <img
        src="/placeholder.svg"
        alt={t('listing.noPhoto')}
        width={400}
        height={300}
        className={`${box} bg-slate-200`}
      />
    );
  }
  return (
    <img
      src={isDataSaverOn ? smallestPhotoSrc(photo) : photo.src}
      srcSet={isDataSaverOn ? undefined : photo.srcSet}
      sizes={isDataSaverOn ? undefined : sizes}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : 'auto'}
      decoding={isPriority ? 'sync' : 'async'}
      style={{ backgroundImage: `url("${photo.placeholder}")`, backgroundSize: 'cover' }}
      className={`${box} bg-slate-200`}
    />
  );
}
