/**
 * Rwanda's districts and sectors (generated from the `rwanda` package into places.data.ts), and
 * how a name typed in any case or with accents finds its official spelling. Small enough for the
 * pages: the forms list every district and sector without asking the server.
 */
import { DISTRICTS, PROVINCES } from './places.data.ts';

export { DISTRICTS, PROVINCES };

export type Province = (typeof PROVINCES)[number];

/** The three districts of the City of Kigali, where most of the market is. */
export const KIGALI_DISTRICTS = DISTRICTS.filter(
  (district) => district.province === 'Kigali City',
).map((district) => district.name);

/** A name as compared: lower case, accents dropped, spaces and hyphens collapsed. */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

const districtsByKey = new Map(DISTRICTS.map((district) => [placeKey(district.name), district]));

/** The district's official name for a name in any case, or undefined. */
export function findDistrict(name: string): string | undefined {
  return districtsByKey.get(placeKey(name))?.name;
}

/** The district's sectors, in alphabetical order (none for an unknown district). */
export function sectorsOf(district: string): readonly string[] {
  return districtsByKey.get(placeKey(district))?.sectors ?? [];
}

/** The sector's official name for a name in any case, if the district has such a sector. */
export function findSector(district: string, name: string): string | undefined {
  const key = placeKey(name);
  return sectorsOf(district).find((sector) => placeKey(sector) === key);
}

const sectorNames = new Map(
  DISTRICTS.flatMap((district) => district.sectors.map((sector) => [placeKey(sector), sector])),
);

/** A sector's official name, in whichever district(s) it is, for a name in any case. */
export function findAnySector(name: string): string | undefined {
  return sectorNames.get(placeKey(name));
}

/** The province a district is in. */
export function provinceOf(district: string): Province | undefined {
  return districtsByKey.get(placeKey(district))?.province;
}

/** A place's slug in a URL: `/houses/rent/kicukiro`. */
export function placeSlug(name: string): string {
  return placeKey(name).replace(/[^a-z0-9]+/g, '-');
}

/**
 * The readable place of a listing: what its owner typed (a street, a landmark, or a place
 * written freely), followed by its cell, sector and district where the text does not already
 * name them. "KG 11 Ave" in Kimironko, Gasabo reads "KG 11 Ave, Kimironko, Gasabo".
 */
export function placeLine(place: {
  location: string | null;
  cell?: string | null;
  sector: string | null;
  district: string | null;
}): string {
  const text = place.location?.trim() ?? '';
  const words = new Set(placeKey(text).split(/[^\p{L}\p{N}]+/u));
  const named = (name: string) =>
    placeKey(name)
      .split(' ')
      .every((word) => words.has(word));
  const added = [place.cell, place.sector, place.district].filter(
    (name, index, all): name is string =>
      Boolean(name) && !named(name!) && all.indexOf(name) === index,
  );
  return [text, ...added].filter(Boolean).join(', ');
}

/** A row's place as views show it beside its readable line (placeLine): names and typed line. */
export function toPlaceView(row: {
  location: string | null;
  district: string | null;
  sector: string | null;
  cell: string | null;
}) {
  return {
    district: row.district,
    sector: row.sector,
    cell: row.cell,
    street: row.location,
  };
}

/** Each province's message key (its name in the page's language). */
export const PROVINCE_KEYS = {
  'Kigali City': 'province.kigali',
  'Northern Province': 'province.north',
  'Southern Province': 'province.south',
  'Eastern Province': 'province.east',
  'Western Province': 'province.west',
} as const satisfies Record<Province, string>;
