import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '#lib/i18n.ts';
import { MAX_PHOTOS } from '#lib/limits.ts';
import { useFormReset } from '#app/forms/use-form-reset.ts';

/** What phones produce and the server decodes; the server checks the content, not this list. */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif';

/**
 * Up to MAX_PHOTOS photo files, the first being the cover, with small previews of what was
 * chosen. Previews are object URLs of the local files: nothing is uploaded before submitting.
 */
export function PhotosField({ error, hint }: { error: string | undefined; hint?: string }) {
  const [previews, setPreviews] = useState<{ url: string; name: string }[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  useFormReset(
    inputRef,
    useCallback(() => setPreviews([]), []),
  );

  useEffect(() => {
    return () => previews.forEach((preview) => URL.revokeObjectURL(preview.url));
  }, [previews]);

  return (
    <div>
      <label htmlFor="field-photos" className="field-label">
        {t('form.photos')}
      </label>
      <input
        ref={inputRef}
        id="field-photos"
        name="photos"
        type="file"
        multiple
        accept={ACCEPTED}
        className="field-input file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-900"
        aria-invalid={Boolean(error)}
        aria-describedby="field-photos-hint"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          setPreviews(files.map((file) => ({ url: URL.createObjectURL(file), name: file.name })));
        }}
      />
      <p id="field-photos-hint" className="mt-1 text-sm text-slate-600">
        {hint ?? t('form.photosHint', { max: MAX_PHOTOS })}
      </p>
      {error && <p className="field-error">{error}</p>}
      {previews.length > 0 && (
        <ul className="mt-3 grid grid-cols-4 gap-2" aria-label={t('form.chosenPhotos')}>
          {previews.map((preview, index) => (
            <li key={preview.url} className="relative">
              <img
                src={preview.url}
                alt={preview.name}
                className="aspect-square w-full rounded-md object-cover"
              />
              {index === 0 && (
                <span className="absolute top-1 left-1 rounded bg-slate-900/80 px-1.5 text-xs text-white">
                  {t('form.cover')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
