import type { AssetView } from '#modules/assets/assets.schema.ts';
import type { PropertyView } from '#modules/properties/properties.schema.ts';

/** Each kind's published listing, as the API, its cards and its pages show it. */
export type ListingViews = { property: PropertyView; asset: AssetView };
