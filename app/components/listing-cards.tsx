import type { ListingKind } from '#lib/listing.ts';
import type { ListingViews } from '#modules/catalogue/catalogue.schema.ts';
import { AssetCard } from './asset-card.tsx';
import { PropertyCard } from './property-card.tsx';

/** Each kind's card on a public list, with the heart that saves it. */
const CARDS: {
  [K in ListingKind]: (listing: ListingViews[K], isPriority: boolean) => React.ReactNode;
} = {
  property: (property, isPriority) => (
    <PropertyCard key={property._id} property={property} isPriority={isPriority} isSavable />
  ),
  asset: (asset, isPriority) => (
    <AssetCard key={asset._id} asset={asset} isPriority={isPriority} isSavable />
  ),
};

/** The cards of a public list of one kind; the first one's photo is loaded first. */
export function ListingCards<Kind extends ListingKind>({
  kind,
  listings,
}: {
  kind: Kind;
  listings: ListingViews[Kind][];
}) {
  const card = CARDS[kind];
  return <>{listings.map((listing, index) => card(listing, index === 0))}</>;
}
