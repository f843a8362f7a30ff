import { describe, expect, it } from 'vitest';
import { distanceKm } from './geo.ts';
import { withLocale } from './i18n.server.ts';
import { parseNear } from './landmarks.ts';
import {
  formatShortPrice,
  MAP_PMTILES_URL,
  OSM_CREDIT,
  OSM_TILES_URL,
  searchAreaOf,
  tileImageSource,
  toMapTiles,
} from './map.ts';

describe('toMapTiles', () => {
  it("credits OpenStreetMap unless the operator names the tiles' source", () => {
    expect(toMapTiles({ kind: 'xyz', url: OSM_TILES_URL }, undefined)).toEqual({
      kind: 'xyz',
      url: OSM_TILES_URL,
      credits: [OSM_CREDIT],
    });
    expect(toMapTiles({ kind: 'pmtiles' }, '© Kigali City')).toEqual({
      kind: 'pmtiles',
      url: MAP_PMTILES_URL,
      credits: [{ text: '© Kigali City' }],
    });
  });
});

describe('tileImageSource', () => {
  it('answers the origin of a tile address, a subdomain placeholder as a wildcard', () => {
    expect(tileImageSource(OSM_TILES_URL)).toBe('https://tile.openstreetmap.org');
    expect(tileImageSource('https://{s}.tiles.example.rw:8443/{z}/{x}/{y}{r}.png')).toBe(
      'https://*.tiles.example.rw:8443',
    );
    expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
  });
});

describe('searchAreaOf', () => {
  it('searches around the centre as far as the farthest corner', () => {
    const bounds = { south: -1.99, west: 30.05, north: -1.93, east: 30.13 };
    const { near, radiusKm } = searchAreaOf(bounds);

    expect(near).toBe('-1.96000,30.09000');
    const centre = parseNear(near)!;
    const corner = { latitude: bounds.north, longitude: bounds.east };
    expect(radiusKm).toBeGreaterThanOrEqual(distanceKm(centre, corner));
    expect(radiusKm).toBeLessThan(distanceKm(centre, corner) + 0.1);
  });

  it('keeps the radius within what the filters accept', () => {
    expect(
      searchAreaOf({ south: -1.95, west: 30.09, north: -1.9499, east: 30.0901 }).radiusKm,
    ).toBe(0.5);
    expect(searchAreaOf({ south: -2.8, west: 28.9, north: -1.1, east: 30.8 }).radiusKm).toBe(50);
  });
});

describe('formatShortPrice', () => {
  it.each([
    [850, '850'],
    [1_500, '1.5K'],
    [45_000, '45K'],
    [350_000, '350K'],
    [999_600, '1M'],
    [1_250_000, '1.3M'],
    [9_960_000, '10M'],
    [95_000_000, '95M'],
    [850_000_000, '850M'],
    [2_400_000_000, '2.4B'],
  ])('prints %d as %s for a marker', (amount, text) => {
    expect(formatShortPrice(amount)).toBe(text);
  });

  it('writes each language’s units and decimal separator', () => {
    expect(withLocale('fr', () => formatShortPrice(1_250_000))).toBe('1,3\u00a0M');
    expect(withLocale('fr', () => formatShortPrice(350_000))).toBe('350\u00a0k');
    expect(withLocale('rw', () => formatShortPrice(350_000))).toBe('350K');
    expect(withLocale('rw', () => formatShortPrice(2_400_000_000))).toBe('Miliyari 2.4');
  });
});
