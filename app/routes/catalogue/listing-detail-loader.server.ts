import { data, type LoaderFunctionArgs } from 'react-router';
import { isOwnerOrAdmin } from '#lib/account.ts';
import type { ListingKind } from '#lib/listing.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import type { PriceComparison, PriceNotCompared } from '#modules/reports/reports.schema.ts';
import type { ListingViews } from '#modules/catalogue/catalogue.schema.ts';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { getSiteOrigin } from '#app/site-origin.server.ts';
import { getServices, getViewer, requestContext, type PageContext } from '#server/load-context.ts';

/** The key each page reads its listing by: `property`, `asset`. */
type Keyed = {
  property: { property: ListingViews['property'] | null };
  asset: { asset: ListingViews['asset'] | null };
};
/** What a page shows beside the listing: a property, how its price stands. */
type Extras = {
  property: { priceComparison: PriceComparison | PriceNotCompared | null };
  asset: Record<never, never>;
};

/** Where the two detail pages differ, one entry per kind. */
type KindPage<K extends ListingKind> = {
  keyed: (listing: ListingViews[K] | null) => Keyed[K];
  extras: (listing: ListingViews[K] | null, context: PageContext) => Promise<Extras[K]>;
};

const KIND_PAGES: { [K in ListingKind]: KindPage<K> } = {
  property: {
    keyed: (property) => ({ property }),
    // How its price compares with like listings: a nice-to-have that never fails the page.
    extras: async (property, context) => ({
      priceComparison: property
        ? await getServices(context)
            .reports.comparePrice(property)
            .catch((error: unknown) => {
              context.get(requestContext).logger.warn({ err: error }, 'price comparison failed');
              return null;
            })
        : null,
    }),
  },
  asset: {
    keyed: (asset) => ({ asset }),
    extras: async () => ({}),
  },
};

/**
 * The loader of a property's or an asset's page: the published listing (404 when there is none,
 * with the same data), whether the viewer may manage it, the wanted-ads it answers for its owner,
 * similar listings and the site's origin for the share links.
 */
export function listingDetailLoader<K extends ListingKind>(kind: K) {
  return async ({ params, request, context }: LoaderFunctionArgs) => {
    const { matching, catalogue: catalogues } = getServices(context);
    const catalogue = catalogues[kind];
    const page = KIND_PAGES[kind];
    const id = IdParamsSchema.safeParse(params);
    const listing = id.success ? await loadOrNull(() => catalogue.getPublished(id.data.id)) : null;
    const viewer = getViewer(context);
    const canManage = Boolean(listing && viewer && isOwnerOrAdmin(viewer, listing.ownerId));
    const buyers =
      listing && viewer && canManage
        ? await matching.listRequestsForListing(listing._id, listing.ownerId, viewer)
        : { data: [], total: 0 };
    const similar = listing ? await catalogue.listSimilar(listing) : [];
    const extras = await page.extras(listing, context);
    const answer = {
      ...page.keyed(listing),
      canManage,
      buyers: buyers.data,
      ...extras,
      similar,
      origin: getSiteOrigin(request, context),
    };
    return listing ? answer : data(answer, { status: 404 });
  };
}
