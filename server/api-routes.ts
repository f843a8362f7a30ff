import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '#config/env.ts';
import type { FormRateLimit } from '#lib/api-schemas.ts';
import { NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { accountsAdminApi } from '#modules/accounts/accounts.admin.api.ts';
import { accountsApi } from '#modules/accounts/accounts.api.ts';
import { emailProofApi } from '#modules/accounts/accounts.email-proof.api.ts';
import { accountSecurityApi } from '#modules/accounts/accounts.security.api.ts';
import { assetsApi } from '#modules/assets/assets.api.ts';
import { auditApi } from '#modules/audit/audit.api.ts';
import { dashboardApi } from '#modules/dashboard/dashboard.api.ts';
import { emailChoicesApi } from '#modules/email-choices/email-choices.api.ts';
import { smsChoicesApi } from '#modules/sms/sms.choices.api.ts';
import { expiryApi } from '#modules/expiry/expiry.api.ts';
import { favouritesApi } from '#modules/favourites/favourites.api.ts';
import { inboxApi } from '#modules/inbox/inbox.api.ts';
import { inquiriesApi } from '#modules/inquiries/inquiries.api.ts';
import { listingReportsApi } from '#modules/listing-reports/listing-reports.api.ts';
import { mapApi } from '#modules/map/map.api.ts';
import { propertiesApi } from '#modules/properties/properties.api.ts';
import { adminListingsApi } from '#modules/admin-listings/admin-listings.api.ts';
import { matchingApi } from '#modules/matching/matching.api.ts';
import { newsletterApi } from '#modules/newsletter/newsletter.api.ts';
import { notificationsApi } from '#modules/notifications/notifications.api.ts';
import { placesApi } from '#modules/places/places.api.ts';
import { privacyApi } from '#modules/privacy/privacy.api.ts';
import { reportsApi } from '#modules/reports/reports.api.ts';
import { requestsApi } from '#modules/requests/requests.api.ts';
import { savedSearchesApi } from '#modules/saved-searches/saved-searches.api.ts';
import { searchApi } from '#modules/search/search.api.ts';
import { settingsApi } from '#modules/settings/settings.api.ts';
import { suppliesApi } from '#modules/supplies/supplies.api.ts';
import { paymentsApi } from '#modules/payments/payments.api.ts';
import { smsAdminApi } from '#modules/sms/sms.admin.api.ts';
import { smsApi } from '#modules/sms/sms.api.ts';
import { pushApi } from '#modules/push/push.api.ts';
import { supportApi } from '#modules/support/support.api.ts';
import type { OwnerLookups } from './owner-lookups.ts';
import type { Services } from './services.ts';

export type ApiRoutesOptions = {
  config: Config;
  services: Services;
  ownerLookups: OwnerLookups;
  /** The public forms' post limit (FORM_POSTS_PER_MINUTE), shared with the pages. */
  formRateLimit: FormRateLimit;
};

/**
 * The JSON API under /api: its description at /api/docs, every module's routes, and a JSON 404
 * for any other /api path (never a page).
 */
export async function registerApiRoutes(
  app: FastifyInstance,
  options: ApiRoutesOptions,
): Promise<void> {
  await app.register(
    async (api) => {
      api.get(
        '/docs',
        {
          config: { access: 'public' },
          schema: { hide: true, response: { 200: z.looseObject({}) } },
        },
        async () => app.swagger(),
      );
      await registerModuleApis(api, options);
      api.all('/*', { config: { access: 'public' }, schema: { hide: true } }, async () => {
        throw new NotFoundError(t('api.notFound'));
      });
    },
    { prefix: '/api' },
  );
}

/**
 * Each module's routes, one line each. Upload forms parse multipart bodies: the modules after
 * the multipart parser take them.
 */
async function registerModuleApis(
  api: FastifyInstance,
  { config, services, ownerLookups, formRateLimit }: ApiRoutesOptions,
): Promise<void> {
  const { siteUrl, uploadMaxBytes } = config;
  const { accountsAdmin, notifications, listingReports, matching } = services;
  await api.register(searchApi, { search: services.search });
  await api.register(placesApi);
  await api.register(mapApi, { map: services.map });
  await api.register(accountsApi, { accounts: services.accounts, siteUrl });
  await api.register(accountSecurityApi, { security: services.accountSecurity });
  await api.register(emailProofApi, { emailProof: services.emailProof });
  await api.register(privacyApi, { privacy: services.privacy, siteUrl });
  await api.register(accountsAdminApi, { accountsAdmin, notifications });
  await api.register(dashboardApi, { dashboard: services.dashboard });
  await api.register(reportsApi, { reports: services.reports });
  await api.register(auditApi, { audit: services.audit });
  await api.register(settingsApi, { settings: services.settings });
  await api.register(propertiesApi, { catalogue: services.catalogue });
  await api.register(assetsApi, { catalogue: services.catalogue });
  await api.register(inquiriesApi, { inquiries: services.inquiries, formRateLimit });
  await api.register(inboxApi, { inbox: services.inbox, formRateLimit });
  await api.register(supportApi, { support: services.support, formRateLimit });
  await api.register(newsletterApi, { newsletter: services.newsletter, formRateLimit });
  await api.register(multipart, { limits: { fileSize: uploadMaxBytes } });
  await api.register(suppliesApi, { supplies: services.supplies, uploadMaxBytes });
  await api.register(paymentsApi, {
    payments: services.payments,
    paymentsAdmin: services.paymentsAdmin,
  });
  await api.register(smsApi, { sms: services.sms });
  await api.register(smsAdminApi, { smsAdmin: services.smsAdmin });
  await api.register(requestsApi, { requests: services.requests, uploadMaxBytes });
  await api.register(adminListingsApi, { adminListings: services.adminListings, uploadMaxBytes });
  await api.register(notificationsApi, { notifications });
  await api.register(favouritesApi, { favourites: services.favourites });
  await api.register(listingReportsApi, { listingReports, formRateLimit });
  await api.register(savedSearchesApi, { savedSearches: services.savedSearches });
  await api.register(expiryApi, { expiry: services.expiry, formRateLimit });
  await api.register(emailChoicesApi, { emailChoices: services.emailChoices });
  await api.register(smsChoicesApi, {
    sms: services.sms,
    phoneOf: async (userId) => (await services.accounts.getUser(userId)).phone,
  });
  await api.register(pushApi, { push: services.push });
  await api.register(matchingApi, { matching, listingOwnerOf: ownerLookups.listing });
}
