import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageAnswerSchema, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import {
  FaqIdParamsSchema,
  FaqInputSchema,
  FaqSchema,
  PlatformSettingsSchema,
  PricesSchema,
  SmsLimitsSchema,
  SupportInfoSchema,
} from './settings.schema.ts';
import type { SettingsService } from './settings.service.ts';

const PlatformSettingsAnswerSchema = z.object({
  contactEmail: z.string(),
  logoURL: z.string(),
  footerText: z.string(),
  termsURL: z.string(),
  privacyURL: z.string(),
  maintenanceMode: z.boolean(),
  aboutText: z.string(),
  termsText: z.string(),
  inquiryRetentionMonths: z.number().int(),
  listingLifetimeDays: z.number().int(),
  expiryWarningDays: z.number().int(),
  soldListingDays: z.number().int(),
});

const SupportInfoAnswerSchema = z.object({
  contactEmail: z.string(),
  supportPhone: z.string(),
  userGuideURL: z.string(),
  termsURL: z.string(),
});

const SmsLimitsAnswerSchema = z.object({
  noticesPerUserPerDay: z.number().int(),
  noticesPerDay: z.number().int(),
});

const admin = { access: 'admin' } as const;

export const settingsApi: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/settings',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'The platform settings (defaults until saved)',
        response: { 200: PlatformSettingsAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async () => settings.getPlatformSettings(),
  );

  app.put(
    '/settings',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Replaces the platform settings; an absent text is empty, maintenanceMode off, aboutText and termsText kept',
        body: PlatformSettingsSchema,
        response: { 200: PlatformSettingsAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => settings.updatePlatformSettings(request.body, request.viewer!),
  );

  app.get(
    '/support',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'The support info (defaults until saved)',
        response: { 200: SupportInfoAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async () => settings.getSupportInfo(),
  );

  app.put(
    '/support',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Replaces the support info; an absent field is empty',
        body: SupportInfoSchema,
        response: { 200: SupportInfoAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => settings.updateSupportInfo(request.body, request.viewer!),
  );

  app.get(
    '/settings/prices',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'What the marketplace charges, in whole francs: listing fees and boosts',
        response: { 200: PricesSchema, ...restrictedErrorAnswers },
      },
    },
    async () => settings.getPrices(),
  );

  app.put(
    '/settings/prices',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Replaces the prices (0 is free); audited',
        body: PricesSchema,
        response: { 200: PricesSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => settings.updatePrices(request.body, request.viewer!),
  );

  app.get(
    '/settings/sms',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'How many SMS notices a person, and the platform in all, may be sent a day',
        response: { 200: SmsLimitsAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async () => settings.getSmsLimits(),
  );

  app.put(
    '/settings/sms',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Replaces the daily limits of SMS notices (0: none are sent); audited',
        body: SmsLimitsSchema,
        response: { 200: SmsLimitsAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => settings.updateSmsLimits(request.body, request.viewer!),
  );

  app.get(
    '/faqs',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Every FAQ, oldest first',
        response: { 200: z.array(FaqSchema), ...restrictedErrorAnswers },
      },
    },
    async () => settings.listFaqs(),
  );

  app.post(
    '/faqs',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Adds a FAQ',
        body: FaqInputSchema,
        response: { 201: FaqSchema, ...restrictedErrorAnswers },
      },
    },
    async (request, reply) => {
      const faq = await settings.createFaq(request.body, request.viewer!);
      return reply.status(201).send(faq);
    },
  );

  app.delete(
    '/faqs/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a FAQ',
        params: FaqIdParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await settings.deleteFaq(request.params.id, request.viewer!);
      return { message: t('settings.faqDeleted') };
    },
  );
};
