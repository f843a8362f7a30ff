import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorAnswerSchema,
  errorAnswers,
  MessageAnswerSchema,
  restrictedErrorAnswers,
  type FormRateLimit,
} from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import {
  ListingReportListAnswerSchema,
  ListingReportListQuerySchema,
  ReportAnswerSchema,
  ReportDecisionSchema,
  ReportedListingParamsSchema,
  ReportInputSchema,
} from './listing-reports.schema.ts';
import type { ListingReportsService } from './listing-reports.service.ts';

export const listingReportsApi: FastifyPluginAsyncZod<{
  listingReports: ListingReportsService;
  formRateLimit: FormRateLimit;
}> = async (app, { listingReports, formRateLimit }) => {
  app.post(
    '/listings/:id/reports',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: {
        tags: ['listing reports'],
        summary: 'Report a published property or asset',
        description:
          '`reason`: scam, unavailable, wrong, duplicate, offensive or other; `details` is ' +
          'required for other (at most 1000 characters). One open report per reporter (the ' +
          'signed-in user, else the client address) and listing: 409 for another. 403 for ' +
          'one’s own listing; visitors send at most 5 reports an hour (429). Every report ' +
          'reaches the admins, but only established reporters count toward hiding: accounts an ' +
          'admin verified, or older than REPORT_MIN_ACCOUNT_DAYS, at most one unverified per ' +
          'client address, and none whose earlier report of the listing was dismissed. The ' +
          'third that counts hides the listing until an admin decides; the answer does not say ' +
          'whether this one counted.',
        params: IdParamsSchema,
        body: ReportInputSchema,
        response: {
          201: ReportAnswerSchema,
          ...errorAnswers,
          403: ErrorAnswerSchema,
          409: ErrorAnswerSchema,
          429: ErrorAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      const report = await listingReports.report(request.params.id, request.body, {
        viewer: request.viewer,
        clientAddress: request.ip,
      });
      return reply.status(201).send({ message: t('listingReports.thanks'), report });
    },
  );

  app.get(
    '/listing-reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['listing reports'],
        summary: 'Reports of listings, open (the default) or closed',
        description:
          'Each listing’s reports together, the listing with the latest report first; each ' +
          'report with its listing (title, type, hidden, owner), its reporter’s name when ' +
          'signed in, the listing’s open reports, and whether it counts toward hiding ' +
          '(`countsTowardHiding`, `isReporterVerified`) or why not (`notCountedReason`: ' +
          'visitor, newAccount, dismissedBefore or sameAddress).',
        querystring: ListingReportListQuerySchema,
        response: { 200: ListingReportListAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const page = await listingReports.listReports(request.query, request.viewer!);
      const { items, ...paging } = page;
      return { data: items, ...paging };
    },
  );

  app.post(
    '/listing-reports/:listingId/decision',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['listing reports'],
        summary: 'Decide on a listing’s open reports, closing them',
        description:
          '`outcome`: dismissed (nothing wrong: the listing is shown again), hidden (kept off ' +
          'the public pages) or blocked (hidden, and its owner blocked); `note` is kept in the ' +
          'audit log. Signed-in reporters are told. 409 when the listing has no open report.',
        params: ReportedListingParamsSchema,
        body: ReportDecisionSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers, 409: ErrorAnswerSchema },
      },
    },
    async (request) => {
      await listingReports.decide(request.params.listingId, request.body, request.viewer!);
      return { message: t(`listingReports.decided.${request.body.outcome}`) };
    },
  );

  app.post(
    '/listing-reports/:listingId/restore',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['listing reports'],
        summary: 'Show a hidden listing again',
        description:
          'Its open reports, if any, are dismissed; audited. 409 when the listing is not hidden.',
        params: ReportedListingParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers, 409: ErrorAnswerSchema },
      },
    },
    async (request) => {
      await listingReports.restore(request.params.listingId, request.viewer!);
      return { message: t('listingReports.restored') };
    },
  );
};
