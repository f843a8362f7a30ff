/**
 * What visitors send the live search as they type: every prefix of phrases made from the bulk
 * catalogue's words ("k", "ki" … "kimironko", "kimironko h" … "kimironko house"), each distinct
 * text once, in a shuffled order. Cycled through by the load test, a text comes back only after
 * every other one was sent, so the server's answer cache (keyed by the normalised text) never
 * answers: each request costs what a new keystroke costs.
 */
import { BULK_WORDS } from '#seed/bulk.ts';
import { createRandom } from '#seed/demo-images.ts';
import { ASSET_TYPES, PROPERTY_TYPES } from '#lib/listing.ts';
import { readSearchText, toPrefixQuery } from '#lib/search-text.ts';

const ROOM_COUNTS = [1, 2, 3, 4];

/** The phrases visitors look for: a place, a kind of listing, or both, in either order. */
function buildPhrases(): string[] {
  const places = BULK_WORDS.places;
  const kinds = [...PROPERTY_TYPES, ...ASSET_TYPES, 'plot', 'villa', 'studio'];
  const phrases: string[] = [...places, ...kinds, ...BULK_WORDS.features, ...BULK_WORDS.items];
  for (const place of places) {
    for (const kind of kinds) phrases.push(`${kind} ${place}`, `${place} ${kind}`);
    for (const item of BULK_WORDS.items) phrases.push(`${item} ${place}`);
    for (const feature of BULK_WORDS.features) phrases.push(`${feature} ${place}`);
    for (const rooms of ROOM_COUNTS) {
      for (const kind of PROPERTY_TYPES) phrases.push(`${rooms} bed ${kind} ${place}`);
    }
  }
  for (const adjective of BULK_WORDS.adjectives) {
    for (const kind of PROPERTY_TYPES) phrases.push(`${adjective} ${kind}`);
  }
  return phrases.map((phrase) => phrase.toLowerCase());
}

/**
 * What the search service keys its cache by for a typed text: the prefix query of the words left
 * and the filters the others name ('house kic' and 'inzu kic' are one); undefined for a text
 * that asks for nothing (the newest listings).
 */
function searchKey(typed: string): string | undefined {
  const { text, ...filters } = readSearchText(typed);
  const query = toPrefixQuery(text);
  if (query === undefined && Object.keys(filters).length === 0) return undefined;
  return JSON.stringify([query, filters]);
}

/**
 * Search texts as typed, one per keystroke, each different from the others once normalised the
 * way the search service keys its cache, shuffled with a fixed seed.
 */
export function buildKeystrokeQueries(): string[] {
  const byKey = new Map<string, string>();
  for (const phrase of buildPhrases()) {
    for (let length = 1; length <= phrase.length; length += 1) {
      const typed = phrase.slice(0, length);
      const key = searchKey(typed);
      if (key !== undefined && !byKey.has(key)) byKey.set(key, typed);
    }
  }
  const queries = [...byKey.values()];
  const random = createRandom(7_919);
  for (let index = queries.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random.next() * (index + 1));
    [queries[index], queries[other]] = [queries[other]!, queries[index]!];
  }
  return queries;
}

/** The paths of `queries` as GET /api/search requests, one after another, round and round. */
export function cycleSearchPaths(queries: readonly string[]): {
  next(): string;
  sent(): number;
} {
  let sent = 0;
  return {
    next() {
      const query = queries[sent % queries.length]!;
      sent += 1;
      return `/api/search?q=${encodeURIComponent(query)}`;
    },
    sent: () => sent,
  };
}
