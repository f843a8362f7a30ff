import { describe, expect, it } from 'vitest';
import { heldReads } from '#test/held-reads.ts';
import { createCatalogueCache } from './catalogue-cache.ts';
import { createCatalogueEvents } from './catalogue.events.ts';

/** A cache on its own catalogue events, and a read that counts its calls and waits to be let go. */
function cacheWithReads(seconds = 60) {
  const catalogueEvents = createCatalogueEvents({
    onListenerError: (error) => {
      throw error;
    },
  });
  const cache = createCatalogueCache<string>({ seconds, maxEntries: 10, catalogueEvents });
  return { cache, catalogueEvents, ...heldReads<string>() };
}

describe('catalogue cache', () => {
  it('gives everyone asking the same key one read, until the catalogue changes', async () => {
    const { cache, catalogueEvents, read, pending } = cacheWithReads();
    const first = cache.answer('kic', read);
    const second = cache.answer('kic', read);
    expect(pending).toHaveLength(1);
    pending[0]!.finish('first read');
    expect(await first).toBe('first read');
    expect(await second).toBe('first read');
    expect(await cache.answer('kic', read)).toBe('first read');
    expect(pending).toHaveLength(1);

    catalogueEvents.changed();
    const afterChange = cache.answer('kic', read);
    expect(pending).toHaveLength(2);
    pending[1]!.finish('second read');
    expect(await afterChange).toBe('second read');
  });

  it('answers a read the catalogue changed under, but keeps it from the visitors after', async () => {
    const { cache, catalogueEvents, read, pending } = cacheWithReads();
    const before = cache.answer('kic', read);
    catalogueEvents.changed();
    const after = cache.answer('kic', read);
    expect(pending).toHaveLength(2);
    pending[0]!.finish('read before the change');
    pending[1]!.finish('read after the change');
    expect(await before).toBe('read before the change');
    expect(await after).toBe('read after the change');
    expect(await cache.answer('kic', read)).toBe('read after the change');
  });

  it('keeps no failed read: the next visitor reads again', async () => {
    const { cache, read, pending } = cacheWithReads();
    const failed = cache.answer('kic', read);
    pending[0]!.fail(new Error('database unavailable'));
    await expect(failed).rejects.toThrow('database unavailable');
    const retried = cache.answer('kic', read);
    expect(pending).toHaveLength(2);
    pending[1]!.finish('answer');
    expect(await retried).toBe('answer');
  });

  it('keeps each key apart', async () => {
    const { cache, read, pending } = cacheWithReads();
    const kic = cache.answer('kic', read);
    const gis = cache.answer('gis', read);
    pending[0]!.finish('kicukiro');
    pending[1]!.finish('gisozi');
    expect([await kic, await gis]).toEqual(['kicukiro', 'gisozi']);
  });

  it('reads every time when turned off (0 seconds)', async () => {
    const { cache, read, pending } = cacheWithReads(0);
    void cache.answer('kic', read);
    void cache.answer('kic', read);
    expect(pending).toHaveLength(2);
  });
});
