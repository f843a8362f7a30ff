import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ManageService } from './manage.service.ts';

export const manageApi: FastifyPluginAsyncZod<{
  manage: ManageService;
  uploadMaxBytes: number;
  onCatalogueChange: () => void;
}> = async () => {};
