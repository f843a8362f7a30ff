import { useSyncExternalStore } from 'react';
import { t } from '#lib/i18n.all.ts';

/** The browser's list of supplies the admin liked: kept in this browser only (spec). */
const STORAGE_KEY = 'adminLikedSupplies';
/** Tells the other cards of this tab that the list changed (`storage` fires in other tabs). */
const CHANGE_EVENT = 'admin-liked-supplies-change';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function readStored(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

function parseLiked(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The Like/Liked toggle of a supplied property card; nothing is sent to the server. */
export function LikeButton({ supplyId, title }: { supplyId: string; title: string }) {
  // The server renders 'Like'; the browser's stored choice shows once the page hydrates.
  const stored = useSyncExternalStore(subscribe, readStored, () => '[]');
  const isLiked = parseLiked(stored).includes(supplyId);
  const toggle = () => {
    const others = parseLiked(readStored()).filter((id) => id !== supplyId);
    try {
      window.localStorage.setItem(
        STORAGE_KEY,
        JSON.stringify(isLiked ? others : [...others, supplyId]),
      );
    } catch {
      // Storage blocked: nothing to remember the choice in.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  };
  return (
    <button
      type="button"
      aria-pressed={isLiked}
      onClick={toggle}
      className={`inline-flex min-h-11 items-center justify-center rounded-lg border px-2 py-2 font-semibold ${
        isLiked
          ? 'border-rose-300 bg-rose-50 text-rose-800'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
      }`}
    >
      <span aria-hidden="true" className="mr-1">
        {isLiked ? '♥' : '♡'}
      </span>
      {isLiked ? t('adminReview.liked') : t('adminReview.like')}
      <span className="sr-only">: {title}</span>
    </button>
  );
}
