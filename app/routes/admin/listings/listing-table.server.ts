import type { ListingKind } from '#lib/listing.ts';
import type { Page } from '#lib/pagination.ts';
import {
  AdminAssetQuerySchema,
  AdminPropertyQuerySchema,
} from '#modules/admin-listings/admin-listings.schema.ts';
import { adminContext } from '#app/auth.server.ts';
import type { AdminListingItem } from './admin-listing-page.tsx';
import { getServices, type PageContext } from '#server/load-context.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';

function toListingTable<Item extends Omit<AdminListingItem, 'id' | 'name'> & { _id: string }>(
  page: Page<Item>,
  query: { location?: string; type?: string; status?: string },
  nameOf: (item: Item) => string,
) {
  return {
    page: {
      page: page.page,
      pageSize: page.pageSize,
      total: page.total,
      isTotalCapped: page.isTotalCapped,
      items: page.items.map((item): AdminListingItem => ({
        id: item._id,
        name: nameOf(item),
        type: item.type,
        location: item.location,
        moderation: item.moderation,
      })),
    },
    filters: { location: query.location ?? '', type: query.type ?? '', status: query.status ?? '' },
  };
}

/** A manage table: every property or asset, whatever its moderation, filtered from the URL. */
export async function loadListingTable(request: Request, context: PageContext, kind: ListingKind) {
  const admin = context.get(adminContext);
  const url = new URL(request.url);
  const { adminListings } = getServices(context);
  // Each kind has its own filters and service call, and names its listings its own way.
  const tables = {
    property: async () => {
      const query = readListQuery(url, AdminPropertyQuerySchema);
      return toListingTable(
        await adminListings.listProperties(query, admin),
        query,
        (item) => item.title,
      );
    },
    asset: async () => {
      const query = readListQuery(url, AdminAssetQuerySchema);
      return toListingTable(
        await adminListings.listAssets(query, admin),
        query,
        (item) => item.name,
      );
    },
  } satisfies Record<ListingKind, () => Promise<unknown>>;
  const table = await tables[kind]();
  redirectPastLastPage(request, table.page);
  return table;
}
