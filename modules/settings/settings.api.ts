import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service.ts';

export const settingsApi: FastifyPluginAsyncZod<{ settings: SettingsService }> = async () => {};
