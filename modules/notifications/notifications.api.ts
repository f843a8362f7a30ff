import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsApi: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async () => {};
