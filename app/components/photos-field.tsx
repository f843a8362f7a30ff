import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '#lib/i18n.pages.ts';
import { MAX_PHOTOS } from '#lib/limits.ts';
import { photoProgress } from '#lib/photo-shrink.ts';
import { useFormReset } from '#app/forms/use-form-reset.ts';
import { expectPhotoUpload, setInputFiles, shrinkPhoto } from './photo-upload.ts';

/** What phones produce and the server decodes; the server checks the content, not this list. */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif';

/** A chosen photo as the field shows it: its preview, and how far its sending has gone. */
type ChosenPhoto = {
  url: string;
  name: string;
  isPreparing: boolean;
  /** From 0 to 1 while the form is being sent; null otherwise. */
  progress: number | null;
};

/**
 * Up to MAX_PHOTOS photo files, the first being the cover, with small previews of what was
 * chosen. Once the page runs, each chosen photo is shrunk in the browser before the form is
 * sent (app/components/photo-upload.ts) and shows how far its upload has gone. Without
 * JavaScript the plain file input sends the photos as chosen; the server checks and resizes
 * whatever arrives.
 */
export function PhotosField({ error, hint }: { error: string | undefined; hint?: string }) {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  // A newer choice of files makes the shrinking of an older one moot.
  const choice = useRef(0);
  useFormReset(
    inputRef,
    useCallback(() => {
      choice.current += 1;
      setPhotos([]);
    }, []),
  );

  useEffect(() => {
    return () => photos.forEach((photo) => URL.revokeObjectURL(photo.url));
  }, [photos]);

  // As the form is sent, its post reports the upload of the photos the input holds by then.
  useEffect(() => {
    const input = inputRef.current;
    const form = input?.form;
    if (!input || !form) return;
    const onSubmit = () => {
      const files = [...(input.files ?? [])];
      if (files.length === 0) return expectPhotoUpload(null);
      const sizes = files.map((file) => file.size);
      expectPhotoUpload({
        photos: files.map(({ name, size }) => ({ name, size })),
        onProgress: (loaded, total) => {
          const shares = photoProgress(loaded, total, sizes);
          const isDone = shares.every((share) => share >= 1);
          setPhotos((shown) =>
            shown.map((photo, index) => ({
              ...photo,
              progress: isDone ? null : (shares[index] ?? null),
            })),
          );
        },
      });
    };
    form.addEventListener('submit', onSubmit);
    return () => {
      form.removeEventListener('submit', onSubmit);
      expectPhotoUpload(null);
    };
  }, []);

  async function choosePhotos(input: HTMLInputElement) {
    const current = (choice.current += 1);
    const files = [...(input.files ?? [])];
    setPhotos(
      files.map((file) => ({
        url: URL.createObjectURL(file),
        name: file.name,
        isPreparing: true,
        progress: null,
      })),
    );
    // One at a time: a phone holding eight decoded 12-megapixel pictures at once runs short
    // of memory.
    const shrunk: File[] = [];
    for (const file of files) shrunk.push(await shrinkPhoto(file));
    if (current !== choice.current) return;
    const isChanged = shrunk.some((file, index) => file !== files[index]);
    if (isChanged) setInputFiles(input, shrunk);
    setPhotos((shown) => shown.map((photo) => ({ ...photo, isPreparing: false })));
  }

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
        onChange={(event) => void choosePhotos(event.currentTarget)}
      />
      <p id="field-photos-hint" className="mt-1 text-sm text-slate-600">
        {hint ?? t('form.photosHint', { max: MAX_PHOTOS })}
      </p>
      {error && <p className="field-error">{error}</p>}
      {photos.length > 0 && (
        <ul className="mt-3 grid grid-cols-4 gap-2" aria-label={t('form.chosenPhotos')}>
          {photos.map((photo, index) => (
            <li key={photo.url} className="relative">
              <img
                src={photo.url}
                alt={photo.name}
                className="aspect-square w-full rounded-md object-cover"
              />
              {index === 0 && (
                <span className="absolute top-1 left-1 rounded bg-slate-900/80 px-1.5 text-xs text-white">
                  {t('form.cover')}
                </span>
              )}
              {photo.isPreparing && (
                <span className="absolute inset-x-1 bottom-1 rounded bg-white/90 px-1 text-center text-xs text-slate-700">
                  {t('form.photoPreparing')}
                </span>
              )}
              {photo.progress !== null && (
                <progress
                  className="absolute inset-x-1 bottom-1 h-2 w-[calc(100%-0.5rem)] accent-brand-700"
                  max={1}
                  value={photo.progress}
                  aria-label={t('form.photoSending', { name: photo.name })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
