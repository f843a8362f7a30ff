import { describe, expect, it } from 'vitest';
import { findIllFormedText } from './storable-text.ts';

describe('findIllFormedText', () => {
  it('names the first text holding a lone surrogate or a NUL, in values and in keys', () => {
    expect(findIllFormedText({ title: 'Inzu', about: { text: 'a\ud800b' } })).toBe('about.text');
    expect(findIllFormedText({ photos: ['ok', '\udfff'] })).toBe('photos.1');
    expect(findIllFormedText({ filters: { 'q\ud83d': 1 } })).toBe('filters.q\uFFFD');
    expect(findIllFormedText('\ud800')).toBe('body');
    expect(findIllFormedText({ location: 'Kigali\u0000' })).toBe('location');
    expect(findIllFormedText({ 'q\u0000': '1' })).toBe('q\uFFFD');
  });

  it('lets whole surrogate pairs and every other value through', () => {
    expect(findIllFormedText({ title: 'Inzu nziza 🏡', price: 1, sold: false, x: null })).toBe(
      undefined,
    );
  });

  it('walks a body nested deeper than the call stack would allow', () => {
    let deep: unknown = '\ud800';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(findIllFormedText(deep)).toMatch(/^0(\.0)+$/);
  });
});
