import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { t } from '#lib/i18n.pages.ts';
import type { PhotoView } from '#lib/photos.ts';
import { useIsDataSaverOn } from '#app/use-root-data.ts';
import { Icon } from './icon.tsx';
import { ListingPhoto } from './listing-photo.tsx';
import { PhotoOnTap } from './photo-on-tap.tsx';

const DETAIL_SIZES = '(min-width: 1152px) 720px, (min-width: 1024px) 60vw, 100vw';
/** Thumbnails are 5rem wide on a phone and 6rem from `sm` up: the 320 px file is enough. */
const THUMBNAIL_SIZES = '96px';

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true afterwards: the arrows and the
 * counter only work with JavaScript, so a page without it never shows them.
 */
function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** The slide's anchor, which the thumbnails link to (and which works without JavaScript). */
const slideId = (index: number) => `photo-${index + 1}`;

/**
 * The listing's photos. Without JavaScript: a strip that swipes sideways (CSS scroll snap) and
 * thumbnails linking to each slide. With it: previous and next arrows, the arrow keys, and a
 * counter that follows the strip however it moved (swipe, arrow, key or thumbnail). The first
 * photo loads at once (it is the page's LCP); the others load lazily as they come near. A visitor
 * saving data gets the first photo only: each other one, and its thumbnail, waits for a tap.
 */
export function PhotoGallery({ photos, title }: { photos: PhotoView[]; title: string }) {
  const isHydrated = useIsHydrated();
  const [current, setCurrent] = useState(0);
  const strip = useRef<HTMLUListElement>(null);
  const thumbnails = useRef<HTMLUListElement>(null);
  // The same photos after a revalidation keep the position; another listing's start again.
  const photoKey = photos.map((photo) => photo.src).join(' ');
  const shownKey = useRef(photoKey);
  const count = photos.length;
  const isDataSaverOn = useIsDataSaverOn();
  // The photos a visitor saving data asked for, by index, for these photos only.
  const [asked, setAsked] = useState<{ photoKey: string; indexes: ReadonlySet<number> }>({
    photoKey,
    indexes: new Set(),
  });
  const isLoaded = (index: number) =>
    !isDataSaverOn || index === 0 || (asked.photoKey === photoKey && asked.indexes.has(index));

  // Which slide fills the strip, whatever scrolled it (a swipe, an arrow, a key, a thumbnail):
  // the one nearest the strip's scroll position, read on every scroll and once at first, so a
  // page opened at #photo-3 counts from 3. (An IntersectionObserver would not do: a fast scroll
  // can report the slide leaving after the one arriving, and a slide at its threshold both ways.)
  useEffect(() => {
    const list = strip.current;
    if (!list) return;
    if (shownKey.current !== photoKey) {
      shownKey.current = photoKey;
      list.scrollTo({ left: 0, behavior: 'instant' });
    }
    const follow = () => setCurrent(nearestSlide(list));
    follow();
    list.addEventListener('scroll', follow, { passive: true });
    return () => list.removeEventListener('scroll', follow);
  }, [photoKey]);

  // Keeps the current thumbnail in sight when there are more than the row shows.
  useEffect(() => {
    const row = thumbnails.current;
    const thumbnail = row?.children[current] as HTMLElement | undefined;
    if (!row || !thumbnail || row.scrollWidth <= row.clientWidth) return;
    const left =
      thumbnail.offsetLeft - row.offsetLeft - (row.clientWidth - thumbnail.offsetWidth) / 2;
    row.scrollTo({ left, behavior: scrollBehavior() });
  }, [current]);

  if (count <= 1) {
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

  // Another listing's photos may be fewer: never count past the last until the observer reports.
  const shown = Math.min(current, count - 1);

  /** Loads a photo the visitor saving data asked for; the focus stays in the gallery. */
  function loadPhoto(index: number) {
    setAsked((before) => ({
      photoKey,
      indexes: new Set(before.photoKey === photoKey ? [...before.indexes, index] : [index]),
    }));
    strip.current?.focus({ preventScroll: true });
  }

  /** Scrolls the strip (never the page) to a slide; its scroll then moves the counter. */
  function showPhoto(index: number) {
    const list = strip.current;
    if (!list || !list.children[index]) return;
    list.scrollTo({ left: slideLeft(list, index), behavior: scrollBehavior() });
  }

  function showByKey(event: React.KeyboardEvent) {
    const target = {
      ArrowLeft: shown - 1,
      ArrowRight: shown + 1,
      Home: 0,
      End: count - 1,
    }[event.key];
    if (target === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    showPhoto(Math.min(Math.max(target, 0), count - 1));
  }

  const isFirst = shown === 0;
  const isLast = shown === count - 1;
  // Over a photo the focus ring has two tones (green, then a white halo): it shows on any picture.
  const arrow =
    'absolute top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-slate-900 shadow-md ring-1 ring-slate-900/10 hover:bg-white focus-visible:outline-brand-700 focus-visible:outline-offset-0 focus-visible:ring-4 focus-visible:ring-white aria-disabled:cursor-default aria-disabled:opacity-40';

  return (
    // Arrow keys move the photos wherever the focus is in the gallery (the strip, an arrow or a
    // thumbnail); the keys never reach the page's scroll.
    <section
      aria-label={t('gallery.label', { title })}
      className="space-y-3"
      onKeyDown={isHydrated ? showByKey : undefined}
    >
      <div className="relative">
        <ul
          ref={strip}
          tabIndex={0}
          className="flex snap-x snap-mandatory gap-3 overflow-x-auto rounded-xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {photos.map((photo, index) => (
            <li key={photo.src} id={slideId(index)} className="w-full shrink-0 snap-center">
              {isLoaded(index) ? (
                <ListingPhoto
                  photo={photo}
                  alt={`${t('listing.photoOf', { title })} (${t('listing.photoCount', {
                    index: index + 1,
                    count,
                  })})`}
                  sizes={DETAIL_SIZES}
                  isPriority={index === 0}
                  className="rounded-xl"
                />
              ) : (
                <PhotoOnTap
                  photo={photo}
                  position={t('listing.photoCount', { index: index + 1, count })}
                  isHydrated={isHydrated}
                  onShow={() => loadPhoto(index)}
                />
              )}
            </li>
          ))}
        </ul>
        {isHydrated && (
          <>
            <button
              type="button"
              aria-label={t('gallery.previous')}
              aria-disabled={isFirst}
              onClick={() => !isFirst && showPhoto(shown - 1)}
              className={`${arrow} left-2 sm:left-3`}
            >
              <Icon name="chevronDown" className="h-6 w-6 rotate-90" />
            </button>
            <button
              type="button"
              aria-label={t('gallery.next')}
              aria-disabled={isLast}
              onClick={() => !isLast && showPhoto(shown + 1)}
              className={`${arrow} right-2 sm:right-3`}
            >
              <Icon name="chevronDown" className="h-6 w-6 -rotate-90" />
            </button>
            <p
              role="status"
              aria-live="polite"
              className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-slate-900/80 px-3 py-1 text-sm font-semibold text-white tabular-nums"
            >
              <span aria-hidden="true">
                {shown + 1} / {count}
              </span>
              <span className="sr-only">
                {t('listing.photoCount', { index: shown + 1, count })}
              </span>
            </p>
          </>
        )}
      </div>
      <ul
        ref={thumbnails}
        aria-label={t('gallery.thumbnails')}
        className="-m-1 flex gap-2 overflow-x-auto p-1"
      >
        {photos.map((photo, index) => {
          const isCurrent = isHydrated && index === shown;
          return (
            <li key={photo.src} className="w-20 shrink-0 sm:w-24">
              <a
                href={`#${slideId(index)}`}
                aria-current={isCurrent ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  showPhoto(index);
                }}
                className={`block rounded-lg ring-2 transition ${
                  isCurrent ? 'ring-brand-700' : 'ring-transparent opacity-80 hover:opacity-100'
                }`}
              >
                {isLoaded(index) ? (
                  <ListingPhoto
                    photo={photo}
                    alt={t('listing.photoCount', { index: index + 1, count })}
                    sizes={THUMBNAIL_SIZES}
                    className="rounded-lg"
                  />
                ) : (
                  // The blurred preview is already in the page: a thumbnail that costs nothing.
                  <span
                    className="block aspect-[4/3] w-full rounded-lg bg-slate-200 bg-cover"
                    style={{ backgroundImage: `url("${photo.placeholder}")` }}
                  >
                    <span className="sr-only">
                      {t('listing.photoCount', { index: index + 1, count })}
                    </span>
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Where the strip's scroll position shows a slide whole. */
function slideLeft(list: HTMLElement, index: number): number {
  const first = list.children[0] as HTMLElement;
  return (list.children[index] as HTMLElement).offsetLeft - first.offsetLeft;
}

/** The slide the strip's scroll position is nearest to: the one showing the most of itself. */
function nearestSlide(list: HTMLElement): number {
  let nearest = 0;
  for (let index = 1; index < list.children.length; index += 1) {
    const distance = Math.abs(slideLeft(list, index) - list.scrollLeft);
    if (distance < Math.abs(slideLeft(list, nearest) - list.scrollLeft)) nearest = index;
  }
  return nearest;
}

/** Smooth, unless the visitor asked their system for less motion. */
function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
}
