import type { AssetsService } from '#modules/assets/assets.service.ts';
import type { ListingsService } from '#modules/listings/listings.service.ts';
import { GRID_SIZE, type SearchAnswer } from './search.schema.ts';

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService({
  listings,
  assets,
}: {
  listings: ListingsService;
  assets: AssetsService;
}) {
  /** The home grids for what a visitor typed; an empty text gives the newest listings. */
  async function searchCatalogue(text: string): Promise<SearchAnswer> {
    const [properties, assetPage] = await Promise.all([
      listings.searchPublishedProperties(text, GRID_SIZE),
      assets.searchPublishedAssets(text, GRID_SIZE),
    ]);
    return {
      properties: properties.items,
      assets: assetPage.items,
      totals: {
        properties: { count: properties.total, isCapped: properties.isTotalCapped },
        assets: { count: assetPage.total, isCapped: assetPage.isTotalCapped },
      },
    };
  }

  return { searchCatalogue };
}
