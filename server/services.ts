import type { Database, SqlRunner } from '#db/client.ts';
import type { Clock } from '#lib/clock.ts';
import { createAccountsAdminService } from '#modules/accounts/accounts.admin.service.ts';
import { createAdminBootstrap } from '#modules/accounts/accounts.bootstrap.ts';
import { createMemoryLimiters, type AttemptLimiters } from '#modules/accounts/accounts.limiter.ts';
import { createAuthLimits, type AuthLimitSettings } from '#modules/accounts/accounts.limits.ts';
import type { AdminTwoStep } from '#modules/accounts/accounts.schema.ts';
import { createEmailProof } from '#modules/accounts/accounts.email-proof.ts';
import { createAccountNotices } from '#modules/accounts/accounts.notices.ts';
import { createAccountSecurityService } from '#modules/accounts/accounts.security.service.ts';
import { createAccountsService, newToken } from '#modules/accounts/accounts.service.ts';
import { createPhoneCodes } from '#modules/accounts/accounts.phone-codes.ts';
import { createAuditService } from '#modules/audit/audit.service.ts';
import { createPersonalEvents } from '#modules/accounts/personal-state.ts';
import { createCatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import { createCatalogueService } from '#modules/catalogue/catalogue.service.ts';
import { createListingWriter } from '#modules/catalogue/catalogue.writes.ts';
import { createDashboardService } from '#modules/dashboard/dashboard.service.ts';
import { createExpiryService } from '#modules/expiry/expiry.service.ts';
import { createInboxService } from '#modules/inbox/inbox.service.ts';
import { createJobQueue } from '#modules/jobs/jobs.service.ts';
import { createInquiriesService } from '#modules/inquiries/inquiries.service.ts';
import { createListingReportsService } from '#modules/listing-reports/listing-reports.service.ts';
import { createMailLinks } from '#modules/mail/mail.links.ts';
import { createMailService, type MailTransport } from '#modules/mail/mail.service.ts';
import type { SmsProvider } from '#modules/sms/sms.provider.ts';
import { createSmsAdminService } from '#modules/sms/sms.admin.service.ts';
import { createSmsService } from '#modules/sms/sms.service.ts';
import { createShortLinks } from '#modules/sms/sms.short-links.ts';
import { createPushService } from '#modules/push/push.service.ts';
import { createEmailChoicesService } from '#modules/email-choices/email-choices.service.ts';
import { createSigner } from '#modules/signing/signing.service.ts';
import { createMatchingService } from '#modules/matching/matching.service.ts';
import { createFavouritesService } from '#modules/favourites/favourites.service.ts';
import { createSavedSearchesService } from '#modules/saved-searches/saved-searches.service.ts';
import { createSharedUpiAlerts } from '#modules/places/places.service.ts';
import { createAdminListingsService } from '#modules/admin-listings/admin-listings.service.ts';
import type { PhotoStorage } from '#modules/media/media.storage-contract.ts';
import { createMediaService } from '#modules/media/media.service.ts';
import { createNewsletterService } from '#modules/newsletter/newsletter.service.ts';
import { createNotificationsService } from '#modules/notifications/notifications.service.ts';
import { createPrivacyService } from '#modules/privacy/privacy.service.ts';
import { createPaymentsAdminService } from '#modules/payments/payments.admin.service.ts';
import {
  createPaymentsService,
  type PaymentProviders,
} from '#modules/payments/payments.service.ts';
import { createPhotoMatchesService } from '#modules/photo-matches/photo-matches.service.ts';
import { createRequestsService } from '#modules/requests/requests.service.ts';
import { createReportsService } from '#modules/reports/reports.service.ts';
import { createSettingsService } from '#modules/settings/settings.service.ts';
import { createSuppliesService } from '#modules/supplies/supplies.service.ts';
import { createSupportService } from '#modules/support/support.service.ts';
import { createSearchWordsService } from '#modules/search/search-words.service.ts';
import { createSearchService } from '#modules/search/search.service.ts';
import { createMapService } from '#modules/map/map.service.ts';
import { wireListingReactions } from './listing-reactions.ts';

/** The public price guide's medians move slowly: one query serves every visitor for 5 minutes. */
const PRICE_GUIDE_CACHE_SECONDS = 300;

/** Every domain service, wired to one database. API routes and page loaders both use these. */
export function createServices({
  db,
  sqlRunner,
  isRunningJobs,
  siteUrl,
  matchDigestSeconds,
  clock,
  storage,
  searchCacheSeconds,
  listingCacheSeconds,
  authLimits,
  limiters = createMemoryLimiters(clock),
  adminTwoStep = 'optional',
  reportMinAccountDays,
  uploadMaxBytes,
  mailTransport,
  paymentProviders = {},
  demoPhonePath = null,
  smsProvider,
  isAllowingPrivatePushEndpoints = false,
  logger,
}: {
  db: Database;
  /** The database's raw SQL runner, for the job queue. */
  sqlRunner: SqlRunner;
  /** Whether this process runs background jobs, or only adds them. */
  isRunningJobs: boolean;
  /** The site's address, for links in e-mails. */
  siteUrl: string;
  /** How long new buyer-request matches gather before their requester is told. */
  matchDigestSeconds: number;
  clock: Clock;
  storage: PhotoStorage;
  searchCacheSeconds: number;
  /** How long a published listing's details and similar listings are reused for everyone. */
  listingCacheSeconds: number;
  /** The sign-in, signup and reset limits per address (accounts.limits.ts). */
  authLimits: AuthLimitSettings;
  /** Where attempts are counted: Redis (every process) when set, else this process's memory. */
  limiters?: AttemptLimiters;
  /** ADMIN_2FA. */
  adminTwoStep?: AdminTwoStep;
  /** REPORT_MIN_ACCOUNT_DAYS; the listing reports service's default (7 days) without it. */
  reportMinAccountDays?: number;
  /** The largest photo file accepted (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** Undefined: e-mail stays in the outbox table and the log. */
  mailTransport: MailTransport | undefined;
  /** The mobile-money providers (PAYMENTS); none, and nothing is sold. */
  paymentProviders?: PaymentProviders;
  /** The embedded simulator's phone page (PAYMENTS=simulator), or null. */
  demoPhonePath?: string | null;
  /** The SMS provider (SMS_PROVIDER); undefined: SMS stays in the outbox table and the log. */
  smsProvider?: SmsProvider | undefined;
  /** PUSH_ALLOW_PRIVATE_ENDPOINTS (tests): push endpoints on http and inner addresses. */
  isAllowingPrivatePushEndpoints?: boolean;
  logger: Parameters<typeof createMailService>[0]['logger'] &
    Parameters<typeof createJobQueue>[0]['logger'];
}) {
  const jobs = createJobQueue({ db, runner: sqlRunner, isWorking: isRunningJobs, logger });
  // One event for every change to what visitors can find; listing-reactions.ts lists who reacts.
  const catalogueEvents = createCatalogueEvents({
    onListenerError: (error) =>
      logger.error({ err: error }, 'a catalogue change listener failed; the change stands'),
  });
  // The one way a listing is written: every writer below is given it.
  const listingWriter = createListingWriter({ clock, catalogueEvents });
  const audit = createAuditService({ db, clock });
  const settings = createSettingsService({ db, clock, audit });
  const catalogue = createCatalogueService({
    db,
    clock,
    catalogueEvents,
    writer: listingWriter,
    featuredPerPage: async () => (await settings.getPrices()).featuredPerPage,
    cacheSeconds: listingCacheSeconds,
    // A search cache of 0 s keeps nothing: tests that write listings directly search at once.
    isKeepingTypedWords: searchCacheSeconds > 0,
  });
  // Every link of every e-mail is made here, in its recipient's language.
  const links = createMailLinks(siteUrl);
  const mail = createMailService({
    db,
    jobs,
    signer: createSigner({ db }),
    links,
    clock,
    transport: mailTransport,
    logger,
  });
  const shortLinks = createShortLinks({ db, clock, siteUrl });
  const sms = createSmsService({
    db,
    jobs,
    clock,
    signer: createSigner({ db }),
    provider: smsProvider,
    settings,
    shortLinks,
    logger,
  });
  const push = createPushService({
    db,
    jobs,
    clock,
    contactEmail: async () => (await settings.getSupportInfo()).contactEmail,
    siteUrl,
    isAllowingPrivateEndpoints: isAllowingPrivatePushEndpoints,
    logger,
  });
  const newsletter = createNewsletterService({ db, mail });
  const media = createMediaService({ storage, maxBytes: uploadMaxBytes });
  // One event for every change to a user's own state (unread notifications, saved listings).
  const personalEvents = createPersonalEvents();
  const notifications = createNotificationsService({
    db,
    clock,
    mail,
    sms,
    push,
    audit,
    personalEvents,
  });
  const photoMatches = createPhotoMatchesService({ db, clock, notifications });
  const matching = createMatchingService({
    db,
    clock,
    links,
    digestSeconds: matchDigestSeconds,
    jobs,
    notifications,
  });
  const payments = createPaymentsService({
    db,
    clock,
    jobs,
    mail,
    sms,
    links,
    settings,
    writer: listingWriter,
    providers: paymentProviders,
    demoPhonePath,
    limiters,
    audit,
    logger,
  });
  const paymentsAdmin = createPaymentsAdminService({
    db,
    clock,
    jobs,
    providers: paymentProviders,
    writer: listingWriter,
    audit,
    logger,
  });
  const supplies = createSuppliesService({
    db,
    clock,
    media,
    audit,
    notifications,
    photoMatches,
    links,
    writer: listingWriter,
    listingFeeFor: payments.listingFeeFor,
  });
  // One set of sign-in limits: a password checked by the security page counts as a sign-in.
  const limits = createAuthLimits({ limiters, settings: authLimits });
  const notices = createAccountNotices({ mail, sms, links, limiters });
  const phoneCodes = createPhoneCodes({
    db,
    clock,
    sms,
    limiters,
    newToken,
    siteHost: new URL(siteUrl).host,
  });
  const inquiries = createInquiriesService({
    db,
    clock,
    links,
    signer: createSigner({ db }),
    notifications,
    mail,
    settings,
    audit,
  });
  const emailProof = createEmailProof({
    db,
    clock,
    mail,
    links,
    signer: createSigner({ db }),
    limiters,
    joinGuestInquiries: inquiries.joinGuestInquiries,
  });
  const accountsAdmin = createAccountsAdminService({
    db,
    clock,
    audit,
    mail,
    notices,
    catalogueEvents,
    writer: listingWriter,
  });
  const accountSecurity = createAccountSecurityService({
    db,
    clock,
    limits,
    notices,
    phoneCodes,
  });
  const support = createSupportService({
    db,
    clock,
    mail,
    links,
    signer: createSigner({ db }),
    audit,
    payments,
  });
  const services = {
    jobs,
    catalogueEvents,
    audit,
    accounts: createAccountsService({
      db,
      clock,
      mail,
      links,
      limits,
      notices,
      emailProof,
      signer: createSigner({ db }),
      adminTwoStep,
      phoneCodes,
    }),
    emailProof,
    accountSecurity,
    accountsAdmin,
    privacy: createPrivacyService({
      db,
      clock,
      jobs,
      settings,
      accountsAdmin,
      accountSecurity,
      logger,
    }),
    listingReports: createListingReportsService({
      db,
      clock,
      audit,
      notifications,
      accountsAdmin,
      writer: listingWriter,
      limiters,
      supportTickets: support,
      minAccountDays: reportMinAccountDays,
    }),
    adminBootstrap: createAdminBootstrap({ db, clock }),
    mail,
    sms,
    shortLinks,
    push,
    smsAdmin: createSmsAdminService({ db }),
    dashboard: createDashboardService({ db, clock }),
    reports: createReportsService({
      db,
      clock,
      catalogueEvents,
      cacheSeconds: PRICE_GUIDE_CACHE_SECONDS,
    }),
    catalogue,
    search: createSearchService({
      catalogue,
      cacheSeconds: searchCacheSeconds,
      catalogueEvents,
    }),
    searchWords: createSearchWordsService({ db, jobs }),
    map: createMapService({ catalogue, cacheSeconds: searchCacheSeconds, catalogueEvents }),
    inquiries,
    inbox: createInboxService({ db, clock, mail, audit, support }),
    support,
    newsletter,
    emailChoices: createEmailChoicesService({ mail, newsletter }),
    requests: createRequestsService({
      db,
      clock,
      media,
      audit,
      requestWritten: matching.requestWritten,
    }),
    matching,
    expiry: createExpiryService({
      db,
      clock,
      links,
      jobs,
      notifications,
      settings,
      signer: createSigner({ db }),
      writer: listingWriter,
    }),
    savedSearches: createSavedSearchesService({
      db,
      clock,
      links,
      instantSeconds: matchDigestSeconds,
      jobs,
      notifications,
    }),
    favourites: createFavouritesService({
      db,
      clock,
      links,
      jobs,
      notifications,
      personalEvents,
    }),
    supplies,
    payments,
    paymentsAdmin,
    adminListings: createAdminListingsService({
      db,
      clock,
      audit,
      media,
      photoMatches,
      writer: listingWriter,
    }),
    notifications,
    personalEvents,
    settings,
    media,
  };
  wireListingReactions({
    catalogueEvents,
    sharedUpis: createSharedUpiAlerts({ notifications }),
    matching,
    savedSearches: services.savedSearches,
    favourites: services.favourites,
  });
  return services;
}

export type Services = ReturnType<typeof createServices>;
