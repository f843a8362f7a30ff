/**
 * Photos' perceptual hashes (64-bit difference hashes) are compared in six bands of 11, 11, 11,
 * 11, 10 and 10 bits: two hashes at most PHOTO_MATCH_DISTANCE bits apart agree on at least one
 * whole band (six bands, five differing bits), so the candidates come from six index lookups and
 * only they are counted bit by bit. Five bits: a copy resized to a third and recompressed
 * differs by up to four.
 */
export const PHOTO_MATCH_DISTANCE = 5;

export const PHOTO_HASH_BANDS = [
  { shift: 53, mask: 2047 },
  { shift: 42, mask: 2047 },
  { shift: 31, mask: 2047 },
  { shift: 20, mask: 2047 },
  { shift: 10, mask: 1023 },
  { shift: 0, mask: 1023 },
] as const;

/** The bands of a hash (signed or not), as the expression indexes on photo_hashes compute them. */
export function photoHashBands(hash: bigint): number[] {
  const unsigned = BigInt.asUintN(64, hash);
  return PHOTO_HASH_BANDS.map(({ shift, mask }) =>
    Number((unsigned >> BigInt(shift)) & BigInt(mask)),
  );
}
