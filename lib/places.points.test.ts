import { describe, expect, it } from 'vitest';
import { DISTRICT_OUTLINES } from './places.outlines.ts';
import { DISTRICT_CENTRES, SECTOR_CENTRES } from './places.points.ts';
import { DISTRICTS, KIGALI_DISTRICTS } from './places.ts';

type Point = readonly [number, number];

/** Rwanda's extent for the centres: [south, north] latitudes and [west, east] longitudes. */
const RWANDA = { lat: [-2.84, -1.04], lng: [28.86, 30.9] } as const;
/** Rwanda's extent for the outlines, whose southern tip (Nyaruguru) reaches -2.8401. */
const RWANDA_OUTLINE = { lat: [-2.85, -1.03], lng: [28.85, 30.91] } as const;
/** The City of Kigali's three districts. */
const KIGALI = { lat: [-2.1, -1.8], lng: [29.95, 30.3] } as const;

const within = ([lat, lng]: Point, box: { lat: readonly number[]; lng: readonly number[] }) =>
  lat >= box.lat[0]! && lat <= box.lat[1]! && lng >= box.lng[0]! && lng <= box.lng[1]!;

/** Ray casting over every ring (even-odd rule: a hole or a second part counts as it should). */
function inside([lat, lng]: Point, rings: readonly (readonly Point[])[]): boolean {
  let result = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [latI, lngI] = ring[i]!;
      const [latJ, lngJ] = ring[j]!;
      if (
        latI > lat !== latJ > lat &&
        lng < ((lngJ - lngI) * (lat - latI)) / (latJ - latI) + lngI
      ) {
        result = !result;
      }
    }
  }
  return result;
}

const sectorCentres = DISTRICTS.flatMap((district) =>
  district.sectors.map((sector) => ({
    district: district.name,
    sector,
    centre: SECTOR_CENTRES[district.name]?.[sector],
  })),
);

describe("the centres of Rwanda's places", () => {
  it('gives every district and every sector of DISTRICTS a centre, and nothing else', () => {
    expect(Object.keys(DISTRICT_CENTRES).sort()).toEqual(DISTRICTS.map((d) => d.name).sort());
    expect(Object.keys(SECTOR_CENTRES).sort()).toEqual(DISTRICTS.map((d) => d.name).sort());
    for (const district of DISTRICTS) {
      expect(Object.keys(SECTOR_CENTRES[district.name] ?? {}).sort()).toEqual(
        [...district.sectors].sort(),
      );
    }
    expect(sectorCentres.filter(({ centre }) => !centre)).toEqual([]);
    expect(sectorCentres).toHaveLength(416);
  });

  it('places every centre in Rwanda, as [latitude, longitude]', () => {
    const outside = [
      ...Object.entries(DISTRICT_CENTRES).map(([name, centre]) => ({ name, centre })),
      ...sectorCentres.map(({ district, sector, centre }) => ({
        name: `${district}/${sector}`,
        centre,
      })),
    ].filter(({ centre }) => !centre || !within(centre, RWANDA));
    expect(outside).toEqual([]);
  });

  it("places the Kigali districts' sectors in the city", () => {
    expect(KIGALI_DISTRICTS).toHaveLength(3);
    const kigali = sectorCentres.filter(({ district }) => KIGALI_DISTRICTS.includes(district));
    expect(kigali).toHaveLength(35);
    expect(kigali.filter(({ centre }) => !centre || !within(centre, KIGALI))).toEqual([]);
  });
});

describe("the districts' outlines", () => {
  it('outlines every district once', () => {
    expect(DISTRICT_OUTLINES.map((outline) => outline.name).sort()).toEqual(
      DISTRICTS.map((d) => d.name).sort(),
    );
    for (const outline of DISTRICT_OUTLINES) {
      expect(outline.rings.length).toBeGreaterThan(0);
      for (const ring of outline.rings) {
        expect(ring.length).toBeGreaterThanOrEqual(4);
        expect(ring.every((point) => within(point, RWANDA_OUTLINE))).toBe(true);
      }
    }
  });

  it("puts each district's centre and each of its sectors' centres inside its outline", () => {
    const outlines = new Map(DISTRICT_OUTLINES.map((outline) => [outline.name, outline.rings]));
    const outside = [
      ...DISTRICTS.filter((d) => !inside(DISTRICT_CENTRES[d.name]!, outlines.get(d.name)!)).map(
        (d) => d.name,
      ),
      ...sectorCentres
        .filter(({ district, centre }) => !inside(centre!, outlines.get(district)!))
        .map(({ district, sector }) => `${district}/${sector}`),
    ];
    expect(outside).toEqual([]);
  });

  it('finds a sector in the one district whose outline holds it', () => {
    // Remera is a sector of four districts; each Remera is in its own district only.
    const remeras = DISTRICTS.filter((d) => d.sectors.includes('Remera'));
    expect(remeras.length).toBeGreaterThan(1);
    for (const district of remeras) {
      const centre = SECTOR_CENTRES[district.name]!['Remera']!;
      const holders = DISTRICT_OUTLINES.filter((outline) => inside(centre, outline.rings));
      expect(holders.map((outline) => outline.name)).toEqual([district.name]);
    }
  });
});
