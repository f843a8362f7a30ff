import { describe, expect, it } from 'vitest';
import { heldReads } from '#test/held-reads.ts';
import { createPersonalCache, createPersonalEvents } from './personal-state.ts';

/** A cache on its own events, and a read that counts its calls and waits to be let go. */
function cacheWithReads() {
  const events = createPersonalEvents();
  const cache = createPersonalCache<number>({ events });
  return { cache, events, ...heldReads<number>() };
}

describe('personal cache', () => {
  it("keeps a user's value until that user's state changes", async () => {
    const { cache, events, read, pending } = cacheWithReads();
    const first = cache.answer('ana', 'buyer', read);
    cache.answer('ben', 'buyer', read);
    expect(pending).toHaveLength(2);
    pending[0]!.finish(3);
    pending[1]!.finish(7);
    expect(await first).toBe(3);
    expect(await cache.answer('ana', 'buyer', read)).toBe(3);
    expect(pending).toHaveLength(2);

    events.changed('ana');
    const afterChange = cache.answer('ana', 'buyer', read);
    expect(pending).toHaveLength(3);
    pending[2]!.finish(4);
    expect(await afterChange).toBe(4);
    // Ben's value stays.
    expect(await cache.answer('ben', 'buyer', read)).toBe(7);
    expect(pending).toHaveLength(3);
  });

  it('forgets everyone on a change without a user', async () => {
    const { cache, events, read, pending } = cacheWithReads();
    cache.answer('ana', 'buyer', read);
    cache.answer('ben', 'seller', read);
    events.changed();
    cache.answer('ana', 'buyer', read);
    cache.answer('ben', 'seller', read);
    expect(pending).toHaveLength(4);
  });

  it('reads again for another variant (another role)', async () => {
    const { cache, read, pending } = cacheWithReads();
    cache.answer('ana', 'buyer', read);
    cache.answer('ana', 'seller', read);
    expect(pending).toHaveLength(2);
  });

  it('answers a read the user changed under, but keeps it from the pages after', async () => {
    const { cache, events, read, pending } = cacheWithReads();
    const before = cache.answer('ana', 'buyer', read);
    events.changed('ana');
    const after = cache.answer('ana', 'buyer', read);
    pending[0]!.finish(1);
    pending[1]!.finish(2);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cache.answer('ana', 'buyer', read)).toBe(2);
  });

  it('keeps no failed read', async () => {
    const { cache, read, pending } = cacheWithReads();
    const failed = cache.answer('ana', 'buyer', read);
    pending[0]!.fail(new Error('database unavailable'));
    await expect(failed).rejects.toThrow('database unavailable');
    const retried = cache.answer('ana', 'buyer', read);
    expect(pending).toHaveLength(2);
    pending[1]!.finish(5);
    expect(await retried).toBe(5);
  });
});
