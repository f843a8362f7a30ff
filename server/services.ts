import type { Database } from '#db/client.ts';
import type { Clock } from '#lib/clock.ts';
import { createAccountsService } from '#modules/accounts/accounts.service.ts';
import { createAuditService } from '#modules/audit/audit.service.ts';
import { createAssetsService } from '#modules/assets/assets.service.ts';
import { createDashboardService } from '#modules/dashboard/dashboard.service.ts';
import { createInboxService } from '#modules/inbox/inbox.service.ts';
import { createInquiriesService } from '#modules/inquiries/inquiries.service.ts';
import { createListingsService } from '#modules/listings/listings.service.ts';
import { createMailService, type MailTransport } from '#modules/mail/mail.service.ts';
import { createManageService } from '#modules/manage/manage.service.ts';
import type { PhotoStorage } from '#modules/media/media.storage.ts';
import { createMediaService } from '#modules/media/media.service.ts';
import { createNewsletterService } from '#modules/newsletter/newsletter.service.ts';
import { createNotificationsService } from '#modules/notifications/notifications.service.ts';
import { createRequestsService } from '#modules/requests/requests.service.ts';
import { createSettingsService } from '#modules/settings/settings.service.ts';
import { createSuppliesService } from '#modules/supplies/supplies.service.ts';
import { createSearchService } from '#modules/search/search.service.ts';

/** Every domain service, wired to one database. API routes and page loaders both use these. */
export function createServices({
  db,
  clock,
  storage,
  searchCacheSeconds,
  authAttemptsPer15Minutes,
  uploadMaxBytes,
  mailTransport,
  logger,
}: {
  db: Database;
  clock: Clock;
  storage: PhotoStorage;
  searchCacheSeconds: number;
  authAttemptsPer15Minutes: number;
  /** The largest photo file accepted (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** Undefined: e-mail stays in the outbox table and the log. */
  mailTransport: MailTransport | undefined;
  logger: Parameters<typeof createMailService>[0]['logger'];
}) {
  const listings = createListingsService({ db, clock });
  const assets = createAssetsService({ db, clock });
  const mail = createMailService({ db, clock, transport: mailTransport, logger });
  const media = createMediaService({ storage, maxBytes: uploadMaxBytes });
  const audit = createAuditService({ db, clock });
  const supplies = createSuppliesService({ db, clock, media, audit });
  return {
    audit,
    accounts: createAccountsService({
      db,
      clock,
      mail,
      audit,
      attemptsPerWindow: authAttemptsPer15Minutes,
    }),
    mail,
    dashboard: createDashboardService({ db }),
    listings,
    assets,
    search: createSearchService({ listings, assets, cacheSeconds: searchCacheSeconds }),
    inquiries: createInquiriesService({ db }),
    inbox: createInboxService({ db, clock, mail, audit }),
    newsletter: createNewsletterService({ db }),
    requests: createRequestsService({ db, clock, media, audit }),
    supplies,
    manage: createManageService({ db, clock, audit, media }),
    notifications: createNotificationsService({ db, clock, mail, audit }),
    settings: createSettingsService({ db, clock, audit }),
    media,
  };
}

export type Services = ReturnType<typeof createServices>;
