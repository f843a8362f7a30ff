import { LRUCache } from 'lru-cache';
import type { Clock } from '#lib/clock.ts';

/** A rendered page as the server answers it: kept whole, so a hit costs no render at all. */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
};

type Entry = { page: CachedPage; expiresAt: number };

/** What the cache may hold in all: a few thousand pages of a few dozen KB each. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Longer addresses are some client's invention, not a page visitors share: never kept. */
const MAX_KEY_LENGTH = 2048;

/**
 * Pages a signed-out visitor gets are the same for everyone who asks the same address with the
 * same language choice, so the server keeps each for `seconds` and answers the next visitors
 * from memory. Any catalogue or settings change empties it at once (the caller wires those
 * events, and with Redis other processes' changes arrive the same way), so the few seconds
 * only ever hide what changes on its own: "2 minutes ago" becoming "3 minutes ago".
 * 0 seconds turns it off.
 */
export function createPageCache({ seconds, clock }: { seconds: number; clock: Clock }) {
  const pages = new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry, key) => entry.page.body.length + key.length + 512,
  });
  const isOn = seconds > 0;

  return {
    isOn,
    /** The page kept under `key`, unless it is older than the cache's lifetime. */
    get(key: string): CachedPage | undefined {
      const entry = pages.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= clock().getTime()) {
        pages.delete(key);
        return undefined;
      }
      return entry.page;
    },
    set(key: string, page: CachedPage): void {
      if (!isOn || key.length > MAX_KEY_LENGTH) return;
      pages.set(key, { page, expiresAt: clock().getTime() + seconds * 1000 });
    },
    /** Forgets every page: the catalogue or the settings changed. */
    clear(): void {
      pages.clear();
    },
  };
}
