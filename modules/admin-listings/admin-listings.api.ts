import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  AdminAssetAnswerSchema,
  AdminAssetInputSchema,
  AdminAssetListAnswerSchema,
  AdminAssetQuerySchema,
  AdminAssetUpdateSchema,
  AdminPropertyAnswerSchema,
  AdminPropertyInputSchema,
  AdminPropertyListAnswerSchema,
  AdminPropertyQuerySchema,
  AdminPropertyUpdateSchema,
} from './admin-listings.schema.ts';
import type { AdminListingsService } from './admin-listings.service.ts';

const errorAnswers = { ...restrictedErrorAnswers, 413: ErrorAnswerSchema } as const;
const admin = { access: 'admin' } as const;
const tags = ['admin'];

/** The admin catalogue calls (spec §7 'Admin calls'): properties and assets of any moderation. */
export const adminListingsApi: FastifyPluginAsyncZod<{
  adminListings: AdminListingsService;
  uploadMaxBytes: number;
}> = async (app, { adminListings, uploadMaxBytes }) => {
  app.get(
    '/get-properties',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every property (published or not), newest first, filtered and paged',
        querystring: AdminPropertyQuerySchema,
        response: { 200: AdminPropertyListAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await adminListings.listProperties(request.query, request.viewer!);
      return { data: items, ...page };
    },
  );

  app.post(
    '/create-property',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Create a property (JSON or multipart with photos); Status Pending keeps it unpublished',
        ...formBodyDocs(AdminPropertyInputSchema),
        response: { 201: AdminPropertyAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const form = await readSubmittedForm(request, uploadMaxBytes);
      const input = parseOrThrow(AdminPropertyInputSchema, form.fields);
      const data = await adminListings.createProperty(input, form.photos, request.viewer!);
      return reply.status(201).send({ message: t('manage.propertyCreated'), data });
    },
  );

  app.put(
    '/update-property/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Edit a property: {status: "Approved"} approves; fields sent replace; new photos replace',
        params: IdParamsSchema,
        ...formBodyDocs(AdminPropertyUpdateSchema),
        response: { 200: AdminPropertyAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const form = await readSubmittedForm(request, uploadMaxBytes);
      const input = parseOrThrow(AdminPropertyUpdateSchema, form.fields);
      const data = await adminListings.updateProperty(
        request.params.id,
        input,
        form.photos,
        request.viewer!,
      );
      return { message: t('manage.propertyUpdated'), data };
    },
  );

  app.delete(
    '/delete-property/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a property (hidden everywhere, kept in the database)',
        params: IdParamsSchema,
        response: { 200: MessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      await adminListings.deleteProperty(request.params.id, request.viewer!);
      return { message: t('manage.propertyDeleted') };
    },
  );

  app.get(
    '/get-assets',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every asset (published or not), newest first, filtered and paged',
        querystring: AdminAssetQuerySchema,
        response: { 200: AdminAssetListAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await adminListings.listAssets(request.query, request.viewer!);
      return { data: items, ...page };
    },
  );

  app.post(
    '/create-asset',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create an asset with the fields of its kind (JSON or multipart with photos)',
        ...formBodyDocs(AdminAssetInputSchema),
        response: { 201: AdminAssetAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const form = await readSubmittedForm(request, uploadMaxBytes);
      const input = parseOrThrow(AdminAssetInputSchema, form.fields);
      const data = await adminListings.createAsset(input, form.photos, request.viewer!);
      return reply.status(201).send({ message: t('manage.assetCreated'), data });
    },
  );

  app.put(
    '/update-asset/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit an asset: {status: "Approved"} approves; fields sent replace',
        params: IdParamsSchema,
        ...formBodyDocs(AdminAssetUpdateSchema),
        response: { 200: AdminAssetAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const form = await readSubmittedForm(request, uploadMaxBytes);
      const input = parseOrThrow(AdminAssetUpdateSchema, form.fields);
      const data = await adminListings.updateAsset(
        request.params.id,
        input,
        form.photos,
        request.viewer!,
      );
      return { message: t('manage.assetUpdated'), data };
    },
  );

  app.delete(
    '/delete-asset/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an asset (hidden everywhere, kept in the database)',
        params: IdParamsSchema,
        response: { 200: MessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      await adminListings.deleteAsset(request.params.id, request.viewer!);
      return { message: t('manage.assetDeleted') };
    },
  );
};
