/**
 * What the saved-listings page asks of the service worker, and what it answers: one shape for
 * both sides. The page sends it with a MessagePort, on which the worker answers.
 */

/**
 * The saved listings kept for reading offline: the latest saved (the page lists them so), 50
 * pages and photos of some 40 KB each at most, downloaded once.
 */
export const MAX_KEPT_SAVED = 50;

/** Keep these saved listings' pages and photos (paths of this site) for reading offline. */
export type KeepSavedMessage = { type: 'keep-saved'; pages: string[]; photos: string[] };

/** How many of the pages and photos asked for are kept now. */
export type KeptAnswer = { kept: number };

export function keepSavedMessage(pages: string[], photos: string[]): KeepSavedMessage {
  return { type: 'keep-saved', pages, photos };
}

const isPathList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && item.startsWith('/'));

/** A message of the page, or null for anything else (the worker trusts no shape). */
export function readKeepSavedMessage(data: unknown): KeepSavedMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, pages, photos } = data as Record<string, unknown>;
  if (type !== 'keep-saved' || !isPathList(pages) || !isPathList(photos)) return null;
  return { type, pages, photos };
}

/** The worker's answer, or null for anything else. */
export function readKeptAnswer(data: unknown): KeptAnswer | null {
  if (typeof data !== 'object' || data === null) return null;
  const { kept } = data as Record<string, unknown>;
  return typeof kept === 'number' ? { kept } : null;
}
