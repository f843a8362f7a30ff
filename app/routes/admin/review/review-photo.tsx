import { t } from '#lib/i18n.all.ts';
import type { PhotoView } from '#lib/photos.ts';
import { ListingPhoto } from '#app/components/listing-photo.tsx';

/** A card or detail photo on the admin review pages, or 'No image available' in its place. */
export function ReviewPhoto({
  photo,
  title,
  sizes,
  isPriority = false,
  className = '',
}: {
  photo: PhotoView | undefined;
  title: string;
  sizes: string;
  isPriority?: boolean;
  className?: string;
}) {
  if (!photo) {
    return (
      <div
        className={`flex aspect-[4/3] w-full items-center justify-center bg-slate-200 text-slate-600 ${className}`}
      >
        {t('request.noImage')}
      </div>
    );
  }
  return (
    <ListingPhoto
      photo={photo}
      alt={t('listing.photoOf', { title })}
      sizes={sizes}
      isPriority={isPriority}
      className={className}
    />
  );
}
