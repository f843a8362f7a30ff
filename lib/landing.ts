/**
 * The landing pages of a type and an offer in a place, for search engines and sharing:
 * `/houses/rent/kicukiro` ("Houses for rent in Kicukiro"), `/houses/rent/kicukiro/gikondo` for a
 * sector, `/houses/rent` for all of Rwanda.
 */
import { t } from './i18n.pages.ts';
import type { ListingType, Offer } from './listing.ts';
import { DISTRICTS, placeSlug } from './places.ts';

/** The types with landing pages, by the plural word of their URL. */
export const LANDING_TYPES = {
  houses: 'House',
  apartments: 'Apartment',
  hotels: 'Hotel',
  land: 'Land',
  cars: 'Car',
  motorcycles: 'Motorcycle',
} as const satisfies Record<string, ListingType>;

type LandingSlug = keyof typeof LANDING_TYPES;
export type LandingType = (typeof LANDING_TYPES)[LandingSlug];

const OFFER_SLUGS = { rent: 'Rent', sale: 'Sale' } as const satisfies Record<string, Offer>;

export type Landing = {
  type: LandingType;
  offer: Offer;
  district?: string;
  sector?: string;
};

/** Whether a listing type has landing pages. */
export function isLandingType(type: ListingType): type is LandingType {
  return (Object.values(LANDING_TYPES) as string[]).includes(type);
}

/** The landing page's path. */
export function landingPath({ type, offer, district, sector }: Landing): string {
  const typeSlug = Object.entries(LANDING_TYPES).find(([, value]) => value === type)![0];
  const parts = [typeSlug, offer === 'Rent' ? 'rent' : 'sale'];
  if (district) parts.push(placeSlug(district));
  if (district && sector) parts.push(placeSlug(sector));
  return `/${parts.join('/')}`;
}

/** The landing a path's segments name, or undefined (the page is then not found). */
export function parseLanding(
  typeSlug: string,
  segments: { offer?: string; district?: string; sector?: string },
): Landing | undefined {
  const type = LANDING_TYPES[typeSlug as LandingSlug];
  const offer = OFFER_SLUGS[(segments.offer ?? '') as keyof typeof OFFER_SLUGS];
  if (!type || !offer) return undefined;
  if (!segments.district) return { type, offer };
  const district = DISTRICTS.find((entry) => placeSlug(entry.name) === segments.district);
  if (!district) return undefined;
  if (!segments.sector) return { type, offer, district: district.name };
  const sector = district.sectors.find((name) => placeSlug(name) === segments.sector);
  return sector ? { type, offer, district: district.name, sector } : undefined;
}

/** "Houses for rent in Kicukiro", "… in Gikondo, Kicukiro", "… in Rwanda". */
export function landingTitle({ type, offer, district, sector }: Landing): string {
  const town = sector ? `${sector}, ${district}` : district;
  // A language may say "in" one way for a town and another for the country: Kinyarwanda writes
  // "i Kicukiro" but "mu Rwanda", so the place carries its own preposition there.
  const place = town ? t('landing.inPlace', { place: town }) : t('landing.rwanda');
  return t(`landing.title.${type}.${offer}`, { place });
}
