import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { toCsv } from './reports.csv.ts';
import {
  isReportTable,
  PriceGuideSchema,
  reportColumns,
  ReportQuerySchema,
  ReportSchema,
  REPORT_TABLES,
} from './reports.schema.ts';
import type { ReportsService } from './reports.service.ts';

export const reportsApi: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  app.get(
    '/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Weekly listings, inquiries, new users and review decisions, and asking-price medians',
        description:
          'Days are Kigali days, weeks start on Monday. Without dates: the last 12 weeks; a range ' +
          'ends today at the latest and is shortened to two years.',
        querystring: ReportQuerySchema,
        response: { 200: ReportSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => reports.getReport(reports.resolveRange(request.query), request.viewer!),
  );

  app.get(
    '/reports/:table.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One table of the report as a CSV download',
        description: `Tables: ${REPORT_TABLES.join(', ')}. Same range rules as GET /api/reports.`,
        params: z.object({ table: z.string() }),
        querystring: ReportQuerySchema,
        response: {
          200: z.string().meta({ description: 'text/csv, a header line then one line per row' }),
          ...restrictedErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      const { table } = request.params;
      if (!isReportTable(table)) throw new NotFoundError(t('api.notFound'));
      const range = reports.resolveRange(request.query);
      const rows = await reports.getReportTable(table, range, request.viewer!);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="inzu-${table}-${range.from}-to-${range.to}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(toCsv(reportColumns(table), rows));
    },
  );

  app.get(
    '/price-guide',
    {
      config: { access: 'public' },
      schema: {
        tags: ['properties'],
        summary: 'Median asking prices of houses and apartments, last 90 days',
        description:
          'Per district, type and bedrooms: the median monthly rent and the median sale price of ' +
          'the published listings, each only where at least 5 listings back it (else null).',
        response: { 200: PriceGuideSchema, ...errorAnswers },
      },
    },
    async () => reports.getPriceGuide(),
  );
};
