import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageAnswerSchema, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import {
  MyNotificationsAnswerSchema,
  NotificationAnswerSchema,
  NotificationEditSchema,
  NotificationInputSchema,
  NotificationListAnswerSchema,
  NotificationListQuerySchema,
} from './notifications.schema.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsApi: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.get(
    '/notifications',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The notifications broadcast so far, most recent first',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await notifications.listNotifications(
        request.query,
        request.viewer!,
      );
      return { data: items, ...page };
    },
  );

  app.post(
    '/notification',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Broadcast a notification to everyone, to buyers or to sellers',
        body: NotificationInputSchema,
        response: { 201: NotificationAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request, reply) => {
      const notification = await notifications.createNotification(request.body, request.viewer!);
      return reply.status(201).send({ message: t('notifications.sent'), notification });
    },
  );

  app.put(
    '/notification/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Edit a notification's title, message or audience",
        params: IdParamsSchema,
        body: NotificationEditSchema,
        response: { 200: NotificationAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const notification = await notifications.updateNotification(
        request.params.id,
        request.body,
        request.viewer!,
      );
      return { message: t('notifications.updated'), notification };
    },
  );

  app.delete(
    '/notification/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Withdraw a notification from every inbox',
        params: IdParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await notifications.deleteNotification(request.params.id, request.viewer!);
      return { message: t('notifications.deleted') };
    },
  );

  app.get(
    '/my-notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'The latest notifications addressed to the signed-in user, and the unread count',
        response: { 200: MyNotificationsAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => notifications.listMyNotifications(request.viewer!),
  );

  app.put(
    '/my-notifications/read',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: "Mark every notification in the signed-in user's inbox read",
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await notifications.markAllRead(request.viewer!);
      return { message: t('notifications.allMarkedRead') };
    },
  );

  app.put(
    '/my-notifications/:id/read',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification addressed to the signed-in user read',
        params: IdParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await notifications.markRead(request.params.id, request.viewer!);
      return { message: t('notifications.markedRead') };
    },
  );
};
