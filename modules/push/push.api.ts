import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import {
  PushChoicesAnswerSchema,
  PushChoicesInputSchema,
  PushKeyAnswerSchema,
  PushSubscriptionAnswerSchema,
  PushSubscriptionInputSchema,
  PushUnsubscribeInputSchema,
} from './push.schema.ts';
import type { PushService } from './push.service.ts';

/** The longest User-Agent header read for a browser's label. */
const USER_AGENT_READ_LENGTH = 300;

/**
 * Web push for the signed-in user's browsers: the key to subscribe with, registering and
 * forgetting a browser, and which kinds of notice go by push.
 */
export const pushApi: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.get(
    '/push/key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['notifications'],
        summary: "The site's VAPID public key, for PushManager.subscribe",
        description: 'base64url, the `applicationServerKey` browsers subscribe with.',
        response: { 200: PushKeyAnswerSchema, ...errorAnswers },
      },
    },
    async () => ({ publicKey: await push.getPublicKey() }),
  );

  app.post(
    '/my-push-subscriptions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: "Register this browser for the signed-in user's push notices",
        description:
          "The browser's `PushSubscription.toJSON()`. The endpoint must be an https address of a " +
          'public host on the default port. At most 10 browsers per account: a new one beyond ' +
          'replaces the oldest. A browser another account registered becomes this one’s.',
        body: PushSubscriptionInputSchema,
        response: { 201: PushSubscriptionAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_READ_LENGTH) ?? null;
      const subscriptions = await push.subscribe(request.viewer!.id, request.body, userAgent);
      return reply.status(201).send({ subscriptions });
    },
  );

  app.delete(
    '/my-push-subscriptions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Stop sending push notices to one of the signed-in user’s browsers',
        description: '404 when no browser of the account has that endpoint.',
        body: PushUnsubscribeInputSchema,
        response: { 200: PushSubscriptionAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      subscriptions: await push.unsubscribe(request.viewer!.id, request.body.endpoint),
    }),
  );

  app.get(
    '/my-push-preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notice reach the signed-in user’s browsers by push',
        description: 'The same kinds as by SMS; `subscriptions`: how many browsers receive them.',
        response: { 200: PushChoicesAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      data: await push.getChoices(request.viewer!.id),
      subscriptions: await push.countSubscriptions(request.viewer!.id),
    }),
  );

  app.put(
    '/my-push-preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Turn kinds of push notice on or off for the signed-in user',
        description: 'Send only the kinds to change (inquiry, match, listing, search, payment).',
        body: PushChoicesInputSchema,
        response: { 200: PushChoicesAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      data: await push.setChoices(request.viewer!.id, request.body),
      subscriptions: await push.countSubscriptions(request.viewer!.id),
    }),
  );
};
