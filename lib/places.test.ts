import { describe, expect, it } from 'vitest';
import { CELLS } from './places.cells.ts';
import { derivePlace } from './place-text.ts';
import {
  DISTRICTS,
  findDistrict,
  findSector,
  KIGALI_DISTRICTS,
  placeLine,
  placeSlug,
  PROVINCES,
  provinceOf,
  sectorsOf,
} from './places.ts';

describe("Rwanda's places", () => {
  it('holds the official divisions: 5 provinces, 30 districts, 416 sectors, every sector with cells', () => {
    expect(PROVINCES).toHaveLength(5);
    expect(DISTRICTS).toHaveLength(30);
    expect(DISTRICTS.reduce((sum, district) => sum + district.sectors.length, 0)).toBe(416);
    const cellCount = DISTRICTS.flatMap((district) =>
      district.sectors.map((sector) => CELLS[district.name]?.[sector]?.length ?? 0),
    );
    expect(cellCount.every((count) => count > 0)).toBe(true);
    expect(cellCount.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(2148);
    expect(KIGALI_DISTRICTS).toEqual(['Gasabo', 'Kicukiro', 'Nyarugenge']);
    expect(provinceOf('musanze')).toBe('Northern Province');
  });

  it('finds official names whatever the case, accents or spacing', () => {
    expect(findDistrict(' KICUKIRO ')).toBe('Kicukiro');
    expect(findDistrict('Kigali')).toBeUndefined();
    expect(findSector('Gasabo', 'kimironko')).toBe('Kimironko');
    expect(findSector('Kicukiro', 'Kimironko')).toBeUndefined();
    expect(sectorsOf('Nowhere')).toEqual([]);
    expect(placeSlug('Kicukiro')).toBe('kicukiro');
  });

  it('reads a place line from the typed text and the sector and district it does not name', () => {
    expect(placeLine({ location: 'KG 11 Ave', sector: 'Kimironko', district: 'Gasabo' })).toBe(
      'KG 11 Ave, Kimironko, Gasabo',
    );
    expect(placeLine({ location: 'Kicukiro, Kigali', sector: null, district: 'Kicukiro' })).toBe(
      'Kicukiro, Kigali',
    );
    expect(placeLine({ location: '', sector: 'Kicukiro', district: 'Kicukiro' })).toBe('Kicukiro');
    expect(placeLine({ location: null, sector: null, district: null })).toBe('');
  });
});

describe('derivePlace', () => {
  it.each([
    ['Kicukiro, Kigali', { district: 'Kicukiro' }],
    ['kicukiro kigali rwanda', { district: 'Kicukiro' }],
    ['Kimironko, Gasabo', { district: 'Gasabo', sector: 'Kimironko' }],
    ['Gasabo - Kimironko', { district: 'Gasabo', sector: 'Kimironko' }],
    // A sector alone, unique in Rwanda.
    ['Kimironko', { district: 'Gasabo', sector: 'Kimironko' }],
    ['Nyamirambo, Kigali', { district: 'Nyarugenge', sector: 'Nyamirambo' }],
    // Remera is a sector of four districts; one of them is in Kigali.
    ['Remera, Kigali', { district: 'Gasabo', sector: 'Remera' }],
    // The district named decides which Remera.
    ['Remera, Musanze', { district: 'Musanze', sector: 'Remera' }],
    // A cell unique in Kigali gives its sector.
    ['Nyarutarama', { district: 'Gasabo', sector: 'Remera' }],
    ['Kibagabaga, Kigali', { district: 'Gasabo', sector: 'Kimironko' }],
    // A cell inside the district named.
    ['Gacuriro, Gasabo', { district: 'Gasabo', sector: 'Kinyinya' }],
    // Nyarugenge is a district and a sector of Bugesera.
    ['Nyarugenge, Bugesera', { district: 'Bugesera', sector: 'Nyarugenge' }],
    ['Nyarugenge', { district: 'Nyarugenge' }],
    ['Kicukiro, Kicukiro', { district: 'Kicukiro', sector: 'Kicukiro' }],
    // "Kigali" is the city, never the sector of that name.
    ['Nyarugenge, Kigali', { district: 'Nyarugenge' }],
    ['Kigali', {}],
    ['Gisenyi, Rubavu', { district: 'Rubavu', sector: 'Gisenyi' }],
    // Ruhengeri, the town's former name, is now a cell of Muhoza.
    ['Ruhengeri town', { district: 'Musanze', sector: 'Muhoza' }],
    ['Butare', { district: 'Huye', sector: 'Ngoma' }],
    // Cells of two Kigali districts: too vague.
    ['Kabeza', {}],
    ['Near the big market', {}],
    ['', {}],
  ])('%j names %j', (text, place) => {
    expect(derivePlace(text)).toEqual(place);
  });
});
