import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { DashboardStatsSchema } from './dashboard.schema.ts';
import type { DashboardService } from './dashboard.service.ts';

export const dashboardApi: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard-stats',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The six dashboard counts, from the database',
        response: { 200: DashboardStatsSchema, ...restrictedErrorAnswers },
      },
    },
    async () => dashboard.getStats(),
  );
};
