import { distanceKm } from '#lib/geo.ts';
import { parseNear } from '#lib/landmarks.ts';
import { MAP_POINTS_MAX } from '#lib/limits.ts';
import { kindOfType, LISTING_KINDS, type ListingKind } from '#lib/listing.ts';
import { createCatalogueCache } from '#modules/catalogue/catalogue-cache.ts';
import type { CatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import type { PointsQuery } from '#modules/catalogue/catalogue.points.ts';
import type { CatalogueService } from '#modules/catalogue/catalogue.service.ts';
import type { MapPointsAnswer, MapPointsQuery } from './map.schema.ts';

export type MapService = ReturnType<typeof createMapService>;

/** What the map is asked: MapPointsQuery as the API and the page read it. */
type MapQuery = Omit<Partial<MapPointsQuery>, 'page' | 'pageSize'>;

/** Map answers kept at once (a query: its filters, words and place). */
const MAX_KEPT_ANSWERS = 1000;

/**
 * The catalogues a map shows: a type's own; else the kind asked; else both, unless a number of
 * rooms leaves the assets out (only properties have rooms), as a search does.
 */
export function kindsOnMap({ kind, type, bedrooms, bathrooms }: MapQuery): readonly ListingKind[] {
  if (type) return [kindOfType(type)];
  if (kind) return [kind];
  return bedrooms === undefined && bathrooms === undefined ? LISTING_KINDS : ['property'];
}

/** The query with its keys in order and unset ones left out, so equal queries key alike. */
function keyOf(query: MapQuery): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * The map's points: both kinds of the catalogue (or one) read for the same filters and words as
 * the lists and /search, each kind capped at MAP_POINTS_MAX. Every visitor moving the map over
 * the same area asks the same thing: answers are kept for `cacheSeconds` (SEARCH_CACHE_SECONDS)
 * and forgotten on every catalogue change.
 */
export function createMapService({
  catalogue,
  cacheSeconds,
  catalogueEvents,
}: {
  catalogue: CatalogueService;
  cacheSeconds: number;
  catalogueEvents: CatalogueEvents;
}) {
  const answers = createCatalogueCache<MapPointsAnswer>({
    seconds: cacheSeconds,
    maxEntries: MAX_KEPT_ANSWERS,
    catalogueEvents,
  });

  async function readPoints(query: MapQuery): Promise<MapPointsAnswer> {
    const { q = '', kind: _kind, ...filters } = query;
    const kinds = kindsOnMap(query);
    const pointsQuery: PointsQuery = { ...filters, text: q };
    const read = (kind: ListingKind) =>
      kinds.includes(kind) ? catalogue[kind].listPoints(pointsQuery) : undefined;
    const [properties, assets] = await Promise.all([read('property'), read('asset')]);
    const points = [...(properties?.points ?? []), ...(assets?.points ?? [])];
    // The nearest first, across both kinds.
    const centre = query.sort === 'distance' && query.near ? parseNear(query.near) : undefined;
    if (centre) {
      const distances = new Map(points.map((point) => [point, distanceKm(centre, point)]));
      points.sort((a, b) => distances.get(a)! - distances.get(b)!);
    }
    return {
      points,
      isCapped: Boolean(properties?.isCapped || assets?.isCapped),
      limit: MAP_POINTS_MAX,
    };
  }

  /**
   * The points of the published listings `query` keeps: properties first, then assets, or the
   * nearest first of both when sorted by distance.
   */
  function listPoints(query: MapQuery): Promise<MapPointsAnswer> {
    return answers.answer(keyOf(query), () => readPoints(query));
  }

  return { listPoints };
}
