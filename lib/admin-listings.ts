/**
 * The admin listing forms' and tables' vocabulary. Free of zod, so the admin pages that show
 * these choices pull no validator into the browser bundle; `manage.schema.ts` builds on it.
 */

import type { ModerationState, Offer } from './listing.ts';

/**
 * The admin form's Status choices (spec: Property status choices). Rent and Sale publish with
 * that offer, Available publishes keeping the offer, Pending saves unpublished
 * (docs/decisions/007-admin-listing-status.md).
 */
export const ADMIN_LISTING_STATUSES = ['Available', 'Rent', 'Sale', 'Pending'] as const;
export type AdminListingStatus = (typeof ADMIN_LISTING_STATUSES)[number];

/** Location filter choices of the manage tables (spec §9). */
export const LOCATION_FILTERS = ['Kigali', 'Karongi', 'Musanze'] as const;

/** What the edit form's Status select shows: Pending while unpublished, else the offer. */
export function adminStatusOf(listing: {
  moderation: ModerationState;
  status: Offer;
}): AdminListingStatus {
  return listing.moderation === 'Approved' ? listing.status : 'Pending';
}
