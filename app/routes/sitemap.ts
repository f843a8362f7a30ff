import { ASSET_TYPES, PROPERTY_TYPES } from '#lib/listing.ts';
import type { Route } from './+types/sitemap';

/** A sitemap holds at most 50,000 addresses; the newest listings of each kind fit in it. */
const LISTINGS_PER_KIND = 20_000;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const [properties, assets] = await Promise.all([
    context.services.listings.listPublishedPropertyIds(LISTINGS_PER_KIND),
    context.services.assets.listPublishedAssetIds(LISTINGS_PER_KIND),
  ]);
  const entry = (path: string, lastModified?: Date) =>
    `<url><loc>${escapeXml(origin + path)}</loc>${
      lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''
    }</url>`;
  const urls = [
    entry('/'),
    entry('/contact'),
    ...PROPERTY_TYPES.map((type) => entry(`/get-properties/type/${type}`)),
    ...ASSET_TYPES.map((type) => entry(`/asset-property/${type}`)),
    ...properties.map((row) => entry(`/property/${row.id}`, row.updatedAt)),
    ...assets.map((row) => entry(`/asset/${row.id}`, row.updatedAt)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
