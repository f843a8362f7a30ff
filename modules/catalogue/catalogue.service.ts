import type { Database } from '#db/client.ts';
import { isOwnerOrAdmin, type Actor } from '#lib/account.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import type { Clock } from '#lib/clock.ts';
import { t } from '#lib/i18n.all.ts';
import { distanceKm } from '#lib/geo.ts';
import { parseNear } from '#lib/landmarks.ts';
import type { Page } from '#lib/pagination.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import type {
  AssetType,
  Availability,
  ListingKind,
  ListingType,
  ListingTypes,
  PropertyType,
} from '#lib/listing.ts';
import type { AssetView } from '#modules/assets/assets.schema.ts';
import type { PropertyView } from '#modules/properties/properties.schema.ts';
import { assetKind, type AssetViewRow } from './asset.ts';
import type { ListingViews } from './catalogue.schema.ts';
import {
  cacheFeatured,
  cacheFeaturedEnd,
  cacheListingDetails,
  cacheWordsBegun,
} from './catalogue-cache.ts';
import type { CatalogueEvents } from './catalogue.events.ts';
import type { ListingKindAdapter } from './catalogue.kinds.ts';
import { createCatalogueQueries, type SimilarTo } from './catalogue.queries.ts';
import { createPointsQuery, type PointsQuery } from './catalogue.points.ts';
import type { ListingWriter } from './catalogue.writes.ts';
import { propertyKind, type PropertyViewRow } from './property.ts';

type CatalogueDependencies = {
  db: Database;
  clock: Clock;
  /** Forgets the cached details and typed words on every catalogue change. */
  catalogueEvents: CatalogueEvents;
  /** How long a published listing's details and similar listings are reused (0: read each time). */
  cacheSeconds: number;
  /** Whether searches keep the words each typed word begins (cacheWordsBegun). */
  isKeepingTypedWords: boolean;
  /** The one way a listing is written. */
  writer: Pick<ListingWriter, 'setAvailability'>;
  /** How many boosted listings a page of a list shows at most (the prices' featuredPerPage). */
  featuredPerPage: () => Promise<number>;
};

/** A listing's view and where the public may see it. */
type PointedView = { latitude: number | null; longitude: number | null; distanceKm?: number };

/**
 * A page of a list around `near` with each listing's distance from it, so a card can say how far
 * without a map library (or the landmarks) in the browser. The page as it was without `near`.
 */
function withDistances<View extends PointedView>(page: Page<View>, near: string | undefined) {
  const centre = near ? parseNear(near) : undefined;
  if (!centre) return page;
  const measured = (view: View): View =>
    view.latitude === null || view.longitude === null
      ? view
      : {
          ...view,
          distanceKm: distanceKm(centre, { latitude: view.latitude, longitude: view.longitude }),
        };
  const items = page.items.map(measured);
  return page.featured
    ? { ...page, items, featured: page.featured.map(measured) }
    : { ...page, items };
}

/** The published catalogue of one kind, as the API and the pages read it. */
function createKindCatalogue<Row, View extends SimilarTo & PointedView, Type extends ListingType>(
  adapter: ListingKindAdapter<Row, View>,
  {
    db,
    clock,
    catalogueEvents,
    cacheSeconds,
    isKeepingTypedWords,
    writer,
    featuredPerPage,
  }: CatalogueDependencies,
) {
  const keepWordsBegun = isKeepingTypedWords ? cacheWordsBegun(catalogueEvents) : undefined;
  const catalogue = createCatalogueQueries<Row, View>({
    db,
    clock,
    table: adapter.table,
    columns: adapter.viewColumns,
    toView: adapter.toView,
    notFoundMessage: () => t(adapter.notFoundMessage),
    keepWordsBegun,
    featuredPerPage,
    keepFeaturedEnd: cacheFeaturedEnd(catalogueEvents),
    keepFeatured: cacheFeatured<View>(catalogueEvents),
  });
  const details = cacheListingDetails(catalogue, { seconds: cacheSeconds, catalogueEvents });
  const listPoints = createPointsQuery({ db, kind: adapter.kind, keepWordsBegun });
  return {
    /** One published listing, or NotFound. */
    getPublished: details.getPublished,
    /**
     * A page of published listings, optionally of one type, one offer or one owner; around
     * `near`, each with its distance.
     */
    listPublished: async (
      query: Partial<ListQuery> & { type?: Type; ownerId?: string },
      countCap?: number,
    ) => withDistances(await catalogue.listPublished(query, countCap), query.near),
    /** How many published listings each district holds for a list's filters. */
    countByDistrict: (query: Partial<ListQuery> & { type?: Type }) =>
      catalogue.countByDistrict(query),
    /** Published listings matching what a visitor typed, best first (see searchPublished). */
    searchPublished: async (...[text, query]: Parameters<typeof catalogue.searchPublished>) =>
      withDistances(await catalogue.searchPublished(text, query), query?.near),
    /**
     * The map's points of the published listings a list query (and a search's words) keeps, at
     * most MAP_POINTS_MAX, with whether more matched (catalogue.points.ts).
     */
    listPoints: (query: PointsQuery) => listPoints(query),
    /** Published listings like this one (type, offer, district, near its price). */
    listSimilar: details.listSimilar,
    /** Each type, offer and district with published listings (the landing pages). */
    listPlaces: catalogue.listPublishedPlaces,
    /** Ids and change dates of published listings, newest first, for the sitemap. */
    listPublishedIds: catalogue.listPublishedIds,
    /** The owner of a listing, published or not; undefined when there is none. */
    getOwnerId: catalogue.getOwnerId,
    /** Marks a listing available, sold or rented (its owner or an admin). */
    async setAvailability(id: string, availability: Availability, actor: Actor): Promise<void> {
      const ownerId = await catalogue.getOwnerId(id);
      if (!ownerId) throw new NotFoundError(t(adapter.notFoundMessage));
      if (!isOwnerOrAdmin(actor, ownerId)) throw new ForbiddenError(t('auth.forbidden'));
      await db.transaction((tx) => writer.setAvailability(tx, adapter.kind, id, availability));
    },
  };
}

/** The published catalogue of one kind. */
type KindCatalogue<Kind extends ListingKind> = ReturnType<
  typeof createKindCatalogue<unknown, ListingViews[Kind], ListingTypes[Kind]>
>;

/**
 * One entry per kind, as a mapped type: `catalogue[kind]` with a generic kind keeps that kind's
 * view and types (a union of the two entries would take only what both kinds take).
 */
export type CatalogueService = { [Kind in ListingKind]: KindCatalogue<Kind> };

/**
 * The published catalogue, one entry per kind (`catalogue.property`, `catalogue.asset`, or
 * `catalogue[kind]`): the same reads and the same availability change for both, each kind
 * bringing its table and view through its adapter.
 */
export function createCatalogueService(dependencies: CatalogueDependencies): CatalogueService {
  return {
    property: createKindCatalogue<PropertyViewRow, PropertyView, PropertyType>(
      propertyKind,
      dependencies,
    ),
    asset: createKindCatalogue<AssetViewRow, AssetView, AssetType>(assetKind, dependencies),
  };
}
