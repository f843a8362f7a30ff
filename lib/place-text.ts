/**
 * The district and sector a free-text location names ("Kimironko, Kigali", "kicukiro kigali
 * rwanda"), for payloads and rows written before places were picked from lists. Server-side: it
 * reads every cell.
 */
import { CELLS } from './places.cells.ts';
import { DISTRICTS, findDistrict, findSector, KIGALI_DISTRICTS, placeKey } from './places.ts';

export type DerivedPlace = { district?: string; sector?: string };

type Candidate = { district: string; sector: string };

/** Words that are also the name of a sector but mean something else in a location line. */
const NOT_A_SECTOR = new Set([
  // The city, not the sector of Nyarugenge that bears its name.
  'kigali',
  // English.
  'base',
]);

/** Towns still called by their names from before 2006, and the district each is now in. */
const FORMER_TOWN_NAMES: Record<string, string> = {
  butare: 'Huye',
  byumba: 'Gicumbi',
  cyangugu: 'Rusizi',
  gitarama: 'Muhanga',
  kibungo: 'Ngoma',
  ruhengeri: 'Musanze',
};

function index(entries: [string, Candidate][]): Map<string, Candidate[]> {
  const byKey = new Map<string, Candidate[]>();
  for (const [key, candidate] of entries) {
    byKey.set(key, [...(byKey.get(key) ?? []), candidate]);
  }
  return byKey;
}

const sectorsByName = index(
  DISTRICTS.flatMap((district) =>
    district.sectors.map((sector): [string, Candidate] => [
      placeKey(sector),
      { district: district.name, sector },
    ]),
  ),
);

const cellsByName = index(
  Object.entries(CELLS).flatMap(([district, sectors]) =>
    Object.entries(sectors).flatMap(([sector, cells]) =>
      cells.map((cell): [string, Candidate] => [placeKey(cell), { district, sector }]),
    ),
  ),
);

/**
 * One place among a name's candidates: the only one, else the only one in Kigali. Where the
 * candidates left share a district, that district without a sector.
 */
function pick(candidates: Candidate[]): DerivedPlace | undefined {
  const inKigali = candidates.filter((candidate) => KIGALI_DISTRICTS.includes(candidate.district));
  const chosen = inKigali.length > 0 ? inKigali : candidates;
  if (chosen.length === 1) return { ...chosen[0]! };
  const districts = new Set(chosen.map((candidate) => candidate.district));
  return districts.size === 1 ? { district: chosen[0]!.district } : undefined;
}

/** The sector of `district` that `words` name, by a sector's name or else by one of its cells. */
function sectorIn(district: string, words: string[]): string | undefined {
  const districtKey = placeKey(district);
  // "Kicukiro, Kicukiro": the district's name twice is its sector of that name.
  if (words.filter((word) => word === districtKey).length > 1) {
    const sector = findSector(district, district);
    if (sector) return sector;
  }
  const names = words.filter((word) => word !== districtKey && !NOT_A_SECTOR.has(word));
  for (const word of names) {
    const sector = findSector(district, word);
    if (sector) return sector;
  }
  for (const word of names) {
    const sectors = new Set(
      (cellsByName.get(word) ?? [])
        .filter((candidate) => candidate.district === district)
        .map((candidate) => candidate.sector),
    );
    if (sectors.size === 1) return [...sectors][0];
  }
  return undefined;
}

/**
 * The district and sector a location text names. A district named wins (the last one named when
 * there are several, unless an earlier one has a sector named beside it); without one, a sector
 * or else a cell whose name is unique in Rwanda, or unique in Kigali, gives both.
 */
export function derivePlace(text: string): DerivedPlace {
  const words = placeKey(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const districts = [
    ...new Set(
      words.flatMap((word) => {
        const district = findDistrict(word) ?? FORMER_TOWN_NAMES[word];
        return district ? [district] : [];
      }),
    ),
  ];
  if (districts.length > 0) {
    const withSector = districts.flatMap((district) => {
      const sector = sectorIn(district, words);
      return sector ? [{ district, sector }] : [];
    });
    return withSector.at(-1) ?? { district: districts.at(-1)! };
  }
  for (const names of [sectorsByName, cellsByName]) {
    for (const word of words) {
      if (NOT_A_SECTOR.has(word)) continue;
      const place = pick(names.get(word) ?? []);
      if (place) return place;
    }
  }
  return {};
}
