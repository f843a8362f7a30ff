import type { CatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import type { FavouritesService } from '#modules/favourites/favourites.service.ts';
import type { MatchingService } from '#modules/matching/matching.service.ts';
import type { SharedUpiAlerts } from '#modules/places/places.service.ts';
import type { SavedSearchesService } from '#modules/saved-searches/saved-searches.service.ts';

/**
 * Everything that follows when a listing is written, in the order it happens.
 *
 * 1. Inside the write's transaction. Every listing is written by the catalogue's writer
 *    (modules/catalogue/catalogue.writes.ts; lint allows no other write), whoever asks: the
 *    catalogue (availability), supplies (a seller's new supply or edit, an approval, a
 *    rejection, a withdrawal), manage (an admin's create, edit or delete), expiry (the sweep,
 *    the warnings, a renewal), listing reports (hiding and showing again) and account deletion
 *    (the owner's listings withdrawn). The writer calls `catalogueEvents.listingWritten(change,
 *    tx)` for each row. Each reaction adds its work to that transaction, mostly as durable jobs,
 *    so the work exists exactly when the change does; one that throws rolls the change back.
 *    a. Photo duplicates: not an event listener. The writers that store photos (supplies and
 *       admin listings, each in its `recordPhotos`) call `photoMatches.recordListingPhotos` themselves,
 *       just after the write, because it needs what a listing write does not carry: the stored
 *       photos, and whether a seller's supply awaits review (then the admins are told).
 *    b. Shared UPI: a listing just published with the UPI of another published listing is told
 *       to the admins (places).
 *    c. Matching: a listing newly on offer gets a job matching it with the open buyers'
 *       requests; their requesters hear of it in a digest (matching).
 *    d. Saved searches: the same listing gets a job finding the saved searches it fits; their
 *       owners hear of it at once or in the daily digest (saved searches).
 *    e. Savers: a job tells those who saved the listing of a lower price, or that it was sold
 *       or rented (favourites).
 *    b to e are wired below, in this order; none reads what another writes.
 *
 * 2. After the commit. The writer calls `catalogueEvents.changed()` once per transaction that
 *    wrote a listing visitors could see before or after, and so do the changes that reach the
 *    catalogue without a listing write (its owner's account renamed or verified); every copy of
 *    the catalogue is forgotten, in the order subscribed. Each copy subscribes where it lives, because it lives
 *    and dies with it:
 *    a. The cached answers: every `createCatalogueCache` (modules/catalogue/catalogue-cache.ts)
 *       subscribes as its service is made: each kind's details and typed words (catalogue),
 *       the price guide (reports) and the search answers (search).
 *    b. Other processes: server/service-startup.ts hands the events to the cluster (`relayChanges` in
 *       server/cluster.ts), which publishes each change over Redis; a change
 *       heard from another process calls `changed()` here and is not published back.
 *    c. The page cache: server/plugins/pages.ts subscribes while the pages are served and stops
 *       when the app closes.
 */
export function wireListingReactions({
  catalogueEvents,
  sharedUpis,
  matching,
  savedSearches,
  favourites,
}: {
  catalogueEvents: Pick<CatalogueEvents, 'onListingWritten'>;
  sharedUpis: Pick<SharedUpiAlerts, 'tellAdminsOfSharedUpi'>;
  matching: Pick<MatchingService, 'matchListingWithRequests'>;
  savedSearches: Pick<SavedSearchesService, 'matchListingWithSearches'>;
  favourites: Pick<FavouritesService, 'tellSaversOfChange'>;
}): void {
  catalogueEvents.onListingWritten(sharedUpis.tellAdminsOfSharedUpi);
  catalogueEvents.onListingWritten(matching.matchListingWithRequests);
  catalogueEvents.onListingWritten(savedSearches.matchListingWithSearches);
  catalogueEvents.onListingWritten(favourites.tellSaversOfChange);
}
