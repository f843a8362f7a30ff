import { LRUCache } from 'lru-cache';
import type { WordsBegun } from './catalogue.sql.ts';
import { currentLocale } from '#lib/i18n.ts';
import type { CatalogueEvents } from './catalogue.events.ts';

/**
 * Answers read from the published catalogue that are the same for every visitor (a search, a
 * listing's details, the price guide), kept per key for `seconds` so that one query serves
 * everyone asking in that time, and visitors asking the same thing at once share one read.
 * Every catalogue change forgets them all at once.
 *
 * What is kept is the read itself (a promise), from the moment it starts: a change while a read
 * is under way drops it, so the visitors after the change read again, while those already
 * waiting still get the answer they asked for. A failed read is dropped too. 0 seconds reads
 * every time.
 */
export function createCatalogueCache<Answer>({
  seconds,
  maxEntries,
  catalogueEvents,
}: {
  seconds: number;
  maxEntries: number;
  catalogueEvents: CatalogueEvents;
}) {
  const reads =
    seconds > 0
      ? new LRUCache<string, Promise<Answer>>({ max: maxEntries, ttl: seconds * 1000 })
      : undefined;
  // The cache lives as long as the emitter (both are made once per server): no unsubscribe.
  catalogueEvents.onChange(() => reads?.clear());

  /** The answer kept under `key`, or the one `read` gives, kept for the next visitors. */
  function answer(key: string, read: () => Promise<Answer>): Promise<Answer> {
    if (!reads) return read();
    const kept = reads.get(key);
    if (kept) return kept;
    const reading = read();
    reads.set(key, reading);
    reading.catch(() => {
      if (reads.peek(key) === reading) reads.delete(key);
    });
    return reading;
  }

  return { answer };
}

/** How many listings' details each catalogue keeps: the ones visitors are looking at now. */
const MAX_KEPT_LISTINGS = 1000;
/** How many similar listings a listing page shows. */
const SIMILAR_LISTINGS = 4;

/**
 * A catalogue's public listing details and each listing's similar listings, through the cache:
 * what a listing page shows every visitor, read once per `seconds` however many look at it.
 */
export function cacheListingDetails<View extends { _id: string }>(
  catalogue: {
    getPublished(id: string): Promise<View>;
    listSimilar(listing: NoInfer<View>, limit: number): Promise<View[]>;
  },
  options: { seconds: number; catalogueEvents: CatalogueEvents },
) {
  const listings = createCatalogueCache<View>({ ...options, maxEntries: MAX_KEPT_LISTINGS });
  const similar = createCatalogueCache<View[]>({ ...options, maxEntries: MAX_KEPT_LISTINGS });
  // The language comes first in each key: a view's texts ("3 days ago") are in it.
  return {
    getPublished: (id: string) =>
      listings.answer(`${currentLocale()} ${id}`, () => catalogue.getPublished(id)),
    listSimilar: (listing: View) =>
      similar.answer(`${currentLocale()} ${listing._id}`, () =>
        catalogue.listSimilar(listing, SIMILAR_LISTINGS),
      ),
  };
}

/** How many typed words each catalogue keeps the words of. */
const MAX_KEPT_TYPED_WORDS = 10_000;
/**
 * How long a typed word's words are kept at most. Every catalogue change forgets them at once in
 * this process (and in the others through Redis); the limit bounds how late another process
 * without Redis finds a new word.
 */
const TYPED_WORDS_SECONDS = 60;

/**
 * The catalogue's words each typed word begins ('kicu': 'kicukiro'), kept until the catalogue
 * changes: a visitor types the same word over several keystrokes ('kimironko', then
 * 'kimironko h', 'kimironko ho' …), and visitors type the same words all day. The words change only
 * when listings are written, so unlike answers they stay valid however long no change comes: they
 * are kept longer than SEARCH_CACHE_SECONDS (the services keep none when it is 0). The listings a
 * search reads are not kept here.
 */
export function cacheWordsBegun(catalogueEvents: CatalogueEvents) {
  const typedWords = createCatalogueCache<WordsBegun>({
    seconds: TYPED_WORDS_SECONDS,
    maxEntries: MAX_KEPT_TYPED_WORDS,
    catalogueEvents,
  });
  return typedWords.answer;
}

/** How many lists' featured listings each catalogue keeps (a list: its filters, page, language). */
const MAX_KEPT_FEATURED = 1000;

/**
 * A list's featured listings, kept per filters, page and language until the catalogue changes
 * (a boost bought or ended, a listing hidden …) or FEATURED_END_SECONDS pass: every visitor of a
 * list reads the same few, so one query serves them all.
 */
export function cacheFeatured<View>(catalogueEvents: CatalogueEvents) {
  const featured = createCatalogueCache<View[]>({
    seconds: FEATURED_END_SECONDS,
    maxEntries: MAX_KEPT_FEATURED,
    catalogueEvents,
  });
  return (key: string, read: () => Promise<View[]>) =>
    featured.answer(`${currentLocale()} ${key}`, read);
}

/**
 * How long the end of a catalogue's latest boost is kept at most: every catalogue change (a boost
 * bought, a listing hidden) forgets it at once; the limit bounds how late another process without
 * Redis sees a new boost.
 */
const FEATURED_END_SECONDS = 60;

/**
 * When a catalogue's last running boost ends (null: none runs), kept until the catalogue changes:
 * a list reads its featured listings only while some boost runs, so lists cost nothing more
 * while nobody has bought one.
 */
export function cacheFeaturedEnd(catalogueEvents: CatalogueEvents) {
  const ends = createCatalogueCache<Date | null>({
    seconds: FEATURED_END_SECONDS,
    maxEntries: 1,
    catalogueEvents,
  });
  return (read: () => Promise<Date | null>) => ends.answer('end', read);
}
