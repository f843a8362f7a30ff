import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withPropertySeed } from '#test/property-seed.ts';
import { PHOTO_HASH_BANDS, PHOTO_MATCH_DISTANCE, photoHashBands } from './photo-hash.ts';

describe('photo hash bands', () => {
  it('cover the 64 bits once each', () => {
    const covered = PHOTO_HASH_BANDS.map(({ shift, mask }) => BigInt(mask) << BigInt(shift));
    expect(covered.reduce((all, bits) => all | bits, 0n)).toBe(2n ** 64n - 1n);
    expect(
      covered.reduce((sum, bits) => sum + bits.toString(2).replaceAll('0', '').length, 0),
    ).toBe(64);
  });

  it('share a band whenever two hashes are at most PHOTO_MATCH_DISTANCE bits apart', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: PHOTO_MATCH_DISTANCE }),
        (hash, flipped) => {
          const other = BigInt.asIntN(
            64,
            flipped.reduce((value, bit) => value ^ (1n << BigInt(bit)), BigInt.asUintN(64, hash)),
          );
          const [a, b] = [photoHashBands(hash), photoHashBands(other)];
          return a.some((band, index) => band === b[index]);
        },
      ),
      withPropertySeed({ numRuns: 2000 }),
    );
  });
});
