import { localePath, LOCALES } from '#lib/i18n.ts';
import { isLandingType, landingPath, type LandingType } from '#lib/landing.ts';
import { ASSET_TYPES, PROPERTY_TYPES } from '#lib/listing.ts';
import { getCacheControl, getSiteOrigin } from '#app/site-origin.server.ts';
import type { Route } from './+types/sitemap';
import { getServices } from '#server/load-context.ts';

/**
 * A sitemap holds at most 50,000 addresses; every page is listed in each language (the pages
 * name their other languages themselves, with hreflang), so the newest 8,000 listings of each
 * kind fit.
 */
const LISTINGS_PER_KIND = 8_000;

const ONE_HOUR_SECONDS = 3600;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = getSiteOrigin(request, context);
  const services = getServices(context);
  const [properties, assets, propertyPlaces, assetPlaces] = await Promise.all([
    services.catalogue.property.listPublishedIds(LISTINGS_PER_KIND),
    services.catalogue.asset.listPublishedIds(LISTINGS_PER_KIND),
    services.catalogue.property.listPlaces(),
    services.catalogue.asset.listPlaces(),
  ]);
  const landings = [...propertyPlaces, ...assetPlaces].filter(
    (place): place is typeof place & { type: LandingType } => isLandingType(place.type),
  );
  const landingPaths = new Set(
    landings.flatMap((place) => [
      landingPath({ type: place.type, offer: place.offer }),
      landingPath(place),
    ]),
  );
  const entry = (path: string, lastModified?: Date) =>
    LOCALES.map(
      (locale) =>
        `<url><loc>${escapeXml(origin + localePath(path, locale))}</loc>${
          lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''
        }</url>`,
    ).join('\n');
  const urls = [
    entry('/'),
    entry('/contact'),
    entry('/about'),
    entry('/terms'),
    entry('/privacy'),
    entry('/price-guide'),
    ...PROPERTY_TYPES.map((type) => entry(`/get-properties/type/${type}`)),
    ...ASSET_TYPES.map((type) => entry(`/asset-property/${type}`)),
    ...[...landingPaths].map((path) => entry(path)),
    ...properties.map((row) => entry(`/property/${row.id}`, row.updatedAt)),
    ...assets.map((row) => entry(`/asset/${row.id}`, row.updatedAt)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': getCacheControl(context, ONE_HOUR_SECONDS),
    },
  });
}
