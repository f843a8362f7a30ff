import { describe, expect, it } from 'vitest';
import {
  ASSET_TYPES,
  PROPERTY_TYPES,
  capitalizeType,
  parseAssetType,
  parsePropertyType,
} from './listing.ts';

describe('capitalizeType', () => {
  it.each([
    ['house', 'House'],
    ['HOUSE', 'House'],
    ['House', 'House'],
    ['hOuSe', 'House'],
    [' apartment ', 'Apartment'],
    ['\tclothes\n', 'Clothes'],
  ])('turns %j into %j', (raw, canonical) => {
    expect(capitalizeType(raw)).toBe(canonical);
  });

  it('answers an empty text for blank input', () => {
    expect(capitalizeType('')).toBe('');
    expect(capitalizeType('   ')).toBe('');
  });
});

describe('parsePropertyType', () => {
  it.each(PROPERTY_TYPES)('accepts %s in any case', (type) => {
    expect(parsePropertyType(type)).toBe(type);
    expect(parsePropertyType(type.toLowerCase())).toBe(type);
    expect(parsePropertyType(type.toUpperCase())).toBe(type);
    expect(parsePropertyType(` ${type.toLowerCase()} `)).toBe(type);
  });

  it.each(['castle', 'Flat', 'flat', 'Houses', 'Car', 'Land', '', ' ', 'house;drop'])(
    'rejects %j',
    (raw) => {
      expect(parsePropertyType(raw)).toBeUndefined();
    },
  );
});

describe('parseAssetType', () => {
  it.each(ASSET_TYPES)('accepts %s in any case', (type) => {
    expect(parseAssetType(type)).toBe(type);
    expect(parseAssetType(type.toLowerCase())).toBe(type);
    expect(parseAssetType(type.toUpperCase())).toBe(type);
  });

  it.each(['castle', 'Flat', 'House', 'Apartment', 'cars', 'motor cycle', ''])(
    'rejects %j',
    (raw) => {
      expect(parseAssetType(raw)).toBeUndefined();
    },
  );
});
