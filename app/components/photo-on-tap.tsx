import { t } from '#lib/i18n.pages.ts';
import { smallestPhotoSrc, type PhotoView } from '#lib/photos.ts';

/**
 * A gallery photo a visitor saving data has not asked for yet: its blurred preview (already in
 * the page, no download) in the photo's 4:3 box, and "Show photo". With JavaScript the button
 * swaps the photo in (`onShow`); without, it is a link to the photo's smallest file.
 */
export function PhotoOnTap({
  photo,
  position,
  isHydrated,
  onShow,
}: {
  photo: PhotoView;
  /** "Photo 2 of 5", which names the button among the gallery's others. */
  position: string;
  isHydrated: boolean;
  onShow: () => void;
}) {
  const content = (
    <span className="inline-flex flex-col items-center gap-0.5 rounded-full bg-white/95 px-5 py-2 text-sm font-semibold text-slate-900 shadow-md ring-1 ring-slate-900/10">
      <span>{t('gallery.showPhoto')}</span>
      <span className="text-xs font-normal text-slate-700">{position}</span>
    </span>
  );
  const box =
    'flex aspect-[4/3] w-full items-center justify-center rounded-xl bg-slate-200 bg-cover focus-visible:outline-brand-700';
  const preview = { backgroundImage: `url("${photo.placeholder}")` };
  if (!isHydrated) {
    return (
      <a href={smallestPhotoSrc(photo)} className={box} style={preview} data-photo-on-tap="">
        {content}
      </a>
    );
  }
  return (
    <button type="button" onClick={onShow} className={box} style={preview} data-photo-on-tap="">
      {content}
    </button>
  );
}
