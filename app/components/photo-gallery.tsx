import { t } from '#lib/i18n.ts';
import type { PhotoView } from '#lib/photos.ts';
import { ListingPhoto } from './listing-photo.tsx';

const DETAIL_SIZES = '(min-width: 1152px) 720px, (min-width: 1024px) 60vw, 100vw';

/** The listing's photos, swiped sideways on a phone; the first loads at once (it is the LCP). */
export function PhotoGallery({ photos, title }: { photos: PhotoView[]; title: string }) {
  if (photos.length <= 1) {
    return (
      <ListingPhoto
        photo={photos[0]}
        alt={t('listing.photoOf', { title })}
        sizes={DETAIL_SIZES}
        isPriority
        className="rounded-xl"
      />
    );
  }
  return (
    <ul className="flex snap-x snap-mandatory gap-3 overflow-x-auto rounded-xl" tabIndex={0}>
      {photos.map((photo, index) => (
        <li key={photo.src} className="w-full shrink-0 snap-center">
          <ListingPhoto
            photo={photo}
            alt={`${t('listing.photoOf', { title })} (${t('listing.photoCount', {
              index: index + 1,
              count: photos.length,
            })})`}
            sizes={DETAIL_SIZES}
            isPriority={index === 0}
            className="rounded-xl"
          />
        </li>
      ))}
    </ul>
  );
}
