import type { PhotoView } from '#lib/photos.ts';
import { t } from '#lib/i18n.all.ts';
import { ADMIN_LISTING_STATUSES, type AdminListingStatus } from '#lib/admin-listings.ts';
import { FormField } from '#app/components/form-field.tsx';

/** The spec's Status select: Available, Rent, Sale, Pending (decision 007 says what each does). */
export function AdminStatusField({
  value,
  error,
}: {
  value: AdminListingStatus;
  error: string | undefined;
}) {
  return (
    <div>
      <FormField name="status" label={t('listing.status')} error={error}>
        {(props) => (
          <select
            {...props}
            defaultValue={value}
            aria-describedby={props['aria-describedby'] ?? 'field-status-hint'}
          >
            {ADMIN_LISTING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`manage.statusOption.${status}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <p id="field-status-hint" className="mt-1 text-sm text-slate-600">
        {t('manage.statusHint')}
      </p>
    </div>
  );
}

/** The photos a listing has now: kept unless new ones are chosen. */
export function CurrentPhotos({ photos, alt }: { photos: PhotoView[]; alt: string }) {
  return (
    <div>
      <p className="field-label">{t('manage.currentPhotos')}</p>
      {photos.length === 0 ? (
        <p className="text-sm text-slate-600">{t('manage.noCurrentPhotos')}</p>
      ) : (
        <ul className="grid grid-cols-4 gap-2" aria-label={t('manage.currentPhotos')}>
          {photos.map((photo, index) => (
            <li key={photo.src}>
              <img
                src={photo.src}
                alt={`${alt} ${index + 1}`}
                width={photo.width}
                height={photo.height}
                className="aspect-square w-full rounded-md object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
