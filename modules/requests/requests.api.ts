import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorAnswerSchema,
  MessageAnswerSchema,
  restrictedErrorAnswers,
} from '#lib/api-schemas.ts';
import { parseOrThrow } from '#lib/form-result.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { formBodyDocs, readSubmittedForm } from '#modules/media/media.form.ts';
import {
  RequestAnswerSchema,
  RequestInputSchema,
  RequestListAnswerSchema,
  RequestListQuerySchema,
  RequestUpdateSchema,
} from './requests.schema.ts';
import type { RequestsService } from './requests.service.ts';

const errorAnswers = { ...restrictedErrorAnswers, 413: ErrorAnswerSchema } as const;

export const requestsApi: FastifyPluginAsyncZod<{
  requests: RequestsService;
  uploadMaxBytes: number;
}> = async (app, { requests, uploadMaxBytes }) => {
  app.post(
    '/request-property',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['requests'],
        summary: 'Post a wanted-ad (title, budget price and preferred location are required)',
        ...formBodyDocs(RequestInputSchema),
        response: { 201: RequestAnswerSchema.extend({ message: z.string() }), ...errorAnswers },
      },
    },
    async (request, reply) => {
      const form = await readSubmittedForm(request, uploadMaxBytes);
      const input = parseOrThrow(RequestInputSchema, form.fields);
      const data = await requests.createRequest(input, form.photos, request.viewer!);
      return reply.status(201).send({ message: t('request.submitted'), data });
    },
  );

  app.get(
    '/request-property',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['requests'],
        summary: 'Open wanted-ads, newest first (or your own with mine=true)',
        querystring: RequestListQuerySchema,
        response: { 200: RequestListAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await requests.listRequests(request.query, request.viewer!);
      return { data: items, ...page };
    },
  );

  app.get(
    '/request-property/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['requests'],
        summary: 'One wanted-ad',
        params: IdParamsSchema,
        response: { 200: RequestAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({
      data: await requests.getRequest(request.params.id, request.viewer!),
    }),
  );

  app.put(
    '/request-property/:id',
    {
      config: { access: { owner: 'request' } },
      schema: {
        tags: ['requests'],
        summary: 'Edit or close your wanted-ad (status Open or Closed); new photos replace the old',
        params: IdParamsSchema,
        ...formBodyDocs(RequestUpdateSchema),
        response: { 200: RequestAnswerSchema.extend({ message: z.string() }), ...errorAnswers },
      },
    },
    async (request) => {
      const form = await readSubmittedForm(request, uploadMaxBytes);
      const input = parseOrThrow(RequestUpdateSchema, form.fields);
      const data = await requests.updateRequest(
        request.params.id,
        input,
        form.photos,
        request.viewer!,
      );
      return { message: t('request.updated'), data };
    },
  );

  app.delete(
    '/request-property/:id',
    {
      config: { access: { owner: 'request' } },
      schema: {
        tags: ['requests'],
        summary: 'Remove your wanted-ad',
        params: IdParamsSchema,
        response: { 200: MessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      await requests.deleteRequest(request.params.id, request.viewer!);
      return { message: t('request.withdrawn') };
    },
  );
};
