import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, MessageAnswerSchema, type FormRateLimit } from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.ts';
import { InquiryInputSchema } from './inquiries.schema.ts';
import type { InquiriesService } from './inquiries.service.ts';

export const inquiriesApi: FastifyPluginAsyncZod<{
  inquiries: InquiriesService;
  formRateLimit: FormRateLimit;
}> = async (app, { inquiries, formRateLimit }) => {
  app.post(
    '/request-inform',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: {
        tags: ['inquiries'],
        summary: 'Ask for information about a published property or asset',
        body: InquiryInputSchema,
        response: { 201: MessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      await inquiries.createInquiry(request.body);
      return reply.status(201).send({ message: t('api.inquirySent') });
    },
  );
};
