import { z } from 'zod';
import {
  LISTING_KINDS,
  LISTING_TYPES,
  LOCATION_PRECISIONS,
  OFFERS,
  PRICE_PERIODS,
} from '#lib/listing.ts';
import type { AssetView } from '#modules/assets/assets.schema.ts';
import type { PropertyView } from '#modules/properties/properties.schema.ts';

/** Each kind's published listing, as the API, its cards and its pages show it. */
export type ListingViews = { property: PropertyView; asset: AssetView };

/**
 * A published listing as the map draws it: its public point (never an owner's private one),
 * what its marker and card say, and its smallest photo. Lean, since a map reads hundreds.
 */
export const MapPointSchema = z.object({
  id: z.uuid(),
  kind: z.enum(LISTING_KINDS),
  latitude: z.number().meta({ description: 'WGS84 latitude of the public point' }),
  longitude: z.number().meta({ description: 'WGS84 longitude of the public point' }),
  locationPrecision: z.enum(LOCATION_PRECISIONS).meta({
    description:
      "exact: the owner's point; approximate: within 300 m of it (draw a circle); sector: the sector's centre (an approximate area)",
  }),
  price: z.number().int().meta({ description: 'Whole RWF' }),
  pricePeriod: z.enum(PRICE_PERIODS).nullable().meta({ description: 'null for a sale price' }),
  offer: z.enum(OFFERS),
  type: z.enum(LISTING_TYPES),
  title: z.string().meta({ description: "A property's title, an asset's name" }),
  photo: z
    .string()
    .nullable()
    .meta({ description: "The cover photo's smallest copy (320 px wide), or null" }),
});

export type MapPoint = z.infer<typeof MapPointSchema>;

/** The points of one query: at most MAP_POINTS_MAX per kind, `isCapped` when more matched. */
export type MapPoints = { points: MapPoint[]; isCapped: boolean };
