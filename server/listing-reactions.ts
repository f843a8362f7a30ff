import type { CatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import type { FavouritesService } from '#modules/favourites/favourites.service.ts';
import type { MatchingService } from '#modules/matching/matching.service.ts';
import type { SharedUpiAlerts } from '#modules/places/places.service.ts';
import type { SavedSearchesService } from '#modules/saved-searches/saved-searches.service.ts';

/**
 * Everything that follows when a listing is written, in the order it happens.
 *
 * 1. Inside the write's transaction. The services that write a listing (listings and assets: its
 *    availability; supplies: a seller's edit, an approval or rejection; manage: an admin's
 *    create, edit or delete; expiry: a renewal; listing reports: hiding and showing again) call
 *    `catalogueEvents.listingWritten(change, tx)`. Each reaction adds its work to that
 *    transaction, mostly as durable jobs, so the work exists exactly when the change does; one
 *    that throws rolls the change back.
 *    a. Photo duplicates: not an event listener. The writers that store photos (supplies and
 *       manage, each in its `recordPhotos`) call `photoMatches.recordListingPhotos` themselves,
 *       just before `listingWritten`, because it needs what a listing write does not carry: the
 *       stored photos, and whether a seller's supply awaits review (then the admins are told).
 *       A new supply, which no visitor can see yet, is checked too, without a listing write.
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
 * 2. After the commit. The same services, and the changes that reach the catalogue without a
 *    listing write (the expiry sweep, a supply withdrawn, its owner's account renamed, verified
 *    or deleted), call `catalogueEvents.changed()`, and every copy of the catalogue is
 *    forgotten, in the order subscribed. Each copy subscribes where it lives, because it lives
 *    and dies with it:
 *    a. The cached answers: every `createCatalogueCache` (modules/catalogue/catalogue-cache.ts)
 *       subscribes as its service is made: the listings' and assets' details and typed words,
 *       the price guide (reports) and the search answers (search).
 *    b. Other processes: server/service-startup.ts hands the events to the cluster (`relayChanges` in
 *       modules/cluster/cluster.service.ts), which publishes each change over Redis; a change
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
