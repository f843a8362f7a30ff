import type { ListingKind } from '#lib/listing.ts';
import { featuredFirst } from '#lib/pagination.ts';
import type { ListingViews } from '#modules/catalogue/catalogue.schema.ts';
import { AssetCard } from './asset-card.tsx';
import { PropertyCard } from './property-card.tsx';

/** Each kind's card on a public list, with the heart that saves it. */
const CARDS: {
  [K in ListingKind]: (
    listing: ListingViews[K],
    marks: { isPriority: boolean; isFeatured: boolean },
  ) => React.ReactNode;
} = {
  property: (property, marks) => (
    <PropertyCard key={property._id} property={property} {...marks} isSavable />
  ),
  asset: (asset, marks) => <AssetCard key={asset._id} asset={asset} {...marks} isSavable />,
};

/**
 * The cards of a public list of one kind, the boosted ones (`featured`) first and marked; the
 * first card's photo is loaded first.
 */
export function ListingCards<Kind extends ListingKind>({
  kind,
  listings,
  featured,
}: {
  kind: Kind;
  listings: ListingViews[Kind][];
  featured?: ListingViews[Kind][];
}) {
  const card = CARDS[kind];
  const { items, featuredIds } = featuredFirst({ items: listings, featured });
  return (
    <>
      {items.map((listing, index) =>
        card(listing, {
          isPriority: index === 0,
          isFeatured: featuredIds.includes(listing._id),
        }),
      )}
    </>
  );
}
