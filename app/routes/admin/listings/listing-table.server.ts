import type { Page } from '#lib/pagination.ts';
import { AdminAssetQuerySchema, AdminPropertyQuerySchema } from '#modules/manage/manage.schema.ts';
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
      ...page,
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
export async function loadListingTable(
  request: Request,
  context: PageContext,
  kind: 'property' | 'asset',
) {
  const admin = context.get(adminContext);
  const url = new URL(request.url);
  const { manage } = getServices(context);
  if (kind === 'property') {
    const query = readListQuery(url, AdminPropertyQuerySchema);
    const page = await manage.listProperties(query, admin);
    redirectPastLastPage(request, page);
    return toListingTable(page, query, (item) => item.title);
  }
  const query = readListQuery(url, AdminAssetQuerySchema);
  const page = await manage.listAssets(query, admin);
  redirectPastLastPage(request, page);
  return toListingTable(page, query, (item) => item.name);
}
