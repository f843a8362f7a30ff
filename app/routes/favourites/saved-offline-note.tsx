import { useEffect, useState } from 'react';
import { keepSavedMessage, MAX_KEPT_SAVED, readKeptAnswer } from '#app/service-worker/messages.ts';
import { useIsHydrated } from '#app/use-is-hydrated.ts';
import { useIsDataSaverOn } from '#app/use-root-data.ts';
import { localePath, t } from '#lib/i18n.ts';

/** What the note needs of a saved listing: its page and its first photo's address. */
type SavedListing = { path: string; photo: { src: string } | null };

/**
 * Asks the service worker to keep the saved listings' pages and first photos, so that each opens
 * offline even if it was never opened, and says so: that they are kept (once the worker has
 * them all). Nothing is said where no worker can run, since nothing would be kept there. With
 * data saver on nothing is fetched ahead: up to 50 pages and photos is what it is there to save;
 * the listings the visitor opens are still kept as they are opened.
 */
export function SavedOfflineNote({ listings: saved }: { listings: SavedListing[] }) {
  const isHydrated = useIsHydrated();
  const isDataSaverOn = useIsDataSaverOn();
  const listings = saved.slice(0, MAX_KEPT_SAVED);
  // This page too: it is the way to the saved listings offline.
  const pages = [localePath('/favourites'), ...listings.map((listing) => localePath(listing.path))];
  const photos = listings.flatMap((listing) => (listing.photo ? [listing.photo.src] : []));
  // One string for the effect: the same listings, in any render, ask once.
  const asked = JSON.stringify([pages, photos]);
  const [keptFor, setKeptFor] = useState<string | null>(null);

  useEffect(() => {
    if (isDataSaverOn || !('serviceWorker' in navigator)) return;
    const [pagesAsked, photosAsked] = JSON.parse(asked) as [string[], string[]];
    if (pagesAsked.length <= 1) return;
    let isCurrent = true;
    void navigator.serviceWorker.ready.then((registration) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = ({ data }: MessageEvent<unknown>) => {
        const answer = readKeptAnswer(data);
        const isAll = answer?.kept === pagesAsked.length + photosAsked.length;
        if (isCurrent && isAll) setKeptFor(asked);
        channel.port1.close();
      };
      registration.active?.postMessage(keepSavedMessage(pagesAsked, photosAsked), [channel.port2]);
    });
    return () => {
      isCurrent = false;
    };
  }, [asked, isDataSaverOn]);

  if (isDataSaverOn || !isHydrated || !('serviceWorker' in navigator) || listings.length === 0) {
    return null;
  }
  return (
    <p className="flex items-start gap-2 text-sm text-slate-700" role="status">
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="icon mt-0.5 h-4 w-4 shrink-0 text-brand-700"
      >
        <path d="M12 3v12m0 0-4-4m4 4 4-4M5 19h14" />
      </svg>
      {keptFor === asked ? t('offline.savedReady') : t('offline.savedNote')}
    </p>
  );
}
