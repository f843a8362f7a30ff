import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, MessageAnswerSchema, type FormRateLimit } from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import { SubscriptionInputSchema } from './newsletter.schema.ts';
import type { NewsletterService } from './newsletter.service.ts';

export const newsletterApi: FastifyPluginAsyncZod<{
  newsletter: NewsletterService;
  formRateLimit: FormRateLimit;
}> = async (app, { newsletter, formRateLimit }) => {
  app.post(
    '/subscribe',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address to the newsletter',
        description: '201 for a new subscription; 200 when the address was already subscribed.',
        body: SubscriptionInputSchema,
        response: { 200: MessageAnswerSchema, 201: MessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { isNew } = await newsletter.subscribe(request.body);
      return isNew
        ? reply.status(201).send({ message: t('newsletter.subscribed') })
        : reply.status(200).send({ message: t('newsletter.alreadySubscribed') });
    },
  );
};
