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
  SupplyAnswerSchema,
  SupplyInputSchema,
  SupplyListAnswerSchema,
  SupplyListQuerySchema,
  SupplyRejectInputSchema,
  SupplyUpdateSchema,
} from './supplies.schema.ts';
import type { SuppliesService } from './supplies.service.ts';

const errorAnswers = { ...restrictedErrorAnswers, 413: ErrorAnswerSchema } as const;
const SupplyMessageAnswerSchema = SupplyAnswerSchema.extend({ message: z.string() });

export const suppliesApi: FastifyPluginAsyncZod<{
  supplies: SuppliesService;
  uploadMaxBytes: number;
}> = async (app, { supplies, uploadMaxBytes }) => {
  app.post(
    '/supply-property',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['supplies'],
        summary: 'Supply a property or an asset; it waits for an admin (moderation Pending)',
        ...formBodyDocs(SupplyInputSchema),
        response: { 201: SupplyMessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const form = await readSubmittedForm(request, uploadMaxBytes);
      const input = parseOrThrow(SupplyInputSchema, form.fields);
      const data = await supplies.createSupply(input, form.photos, request.viewer!);
      return reply.status(201).send({ message: t('supply.submitted'), data });
    },
  );

  app.get(
    '/supply-property',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['supplies'],
        summary: 'Your supplies with their moderation state (an admin: everyone’s), newest first',
        querystring: SupplyListQuerySchema,
        response: { 200: SupplyListAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await supplies.listSupplies(request.query, request.viewer!);
      return { data: items, ...page };
    },
  );

  app.get(
    '/supply-property/:id',
    {
      config: { access: { owner: 'supply' } },
      schema: {
        tags: ['supplies'],
        summary: 'One of your supplies',
        params: IdParamsSchema,
        response: { 200: SupplyAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({ data: await supplies.getSupply(request.params.id, request.viewer!) }),
  );

  app.put(
    '/supply-property/:id',
    {
      config: { access: { owner: 'supply' } },
      schema: {
        tags: ['supplies'],
        summary: 'Edit your supply; an approved one goes back to review. New photos replace old',
        params: IdParamsSchema,
        ...formBodyDocs(SupplyUpdateSchema),
        response: { 200: SupplyMessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const form = await readSubmittedForm(request, uploadMaxBytes);
      const input = parseOrThrow(SupplyUpdateSchema, form.fields);
      const supply = await supplies.updateSupply(
        request.params.id,
        input,
        form.photos,
        request.viewer!,
      );
      const message = supply.moderation === 'Pending' ? t('supply.updated') : t('supply.saved');
      return { message, data: supply };
    },
  );

  app.delete(
    '/supply-property/:id',
    {
      config: { access: { owner: 'supply' } },
      schema: {
        tags: ['supplies'],
        summary: 'Withdraw your supply',
        params: IdParamsSchema,
        response: { 200: MessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      await supplies.withdrawSupply(request.params.id, request.viewer!);
      return { message: t('supply.withdrawn') };
    },
  );

  app.put(
    '/supply-property/:id/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['supplies'],
        summary: 'Approve a supply (admins): it is published in its catalogue',
        params: IdParamsSchema,
        response: { 200: SupplyMessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const data = await supplies.approveSupply(request.params.id, request.viewer!);
      return { message: t('supply.approved'), data };
    },
  );

  app.put(
    '/supply-property/:id/reject',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['supplies'],
        summary: 'Reject a supply (admins) with a reason its supplier sees; it is not published',
        params: IdParamsSchema,
        body: SupplyRejectInputSchema,
        response: { 200: SupplyMessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const data = await supplies.rejectSupply(
        request.params.id,
        request.body.reason,
        request.viewer!,
      );
      return { message: t('adminReview.rejected'), data };
    },
  );
};
