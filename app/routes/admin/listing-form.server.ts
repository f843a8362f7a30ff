import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { NotFoundError } from '#lib/errors.ts';
import { t, type MessageKey } from '#lib/i18n.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { AdminAssetInputSchema, AdminPropertyInputSchema } from '#modules/manage/manage.schema.ts';
import { requireViewer } from '../../auth.server.ts';
import { handleFormAction, type FormUpload } from '../../form-action.server.ts';

type Params = { id?: string };

/**
 * An admin form's listing: null when creating; when editing, the one `get` finds whatever its
 * moderation, or the 404 page.
 */
export async function loadListingForm<View>(
  request: Request,
  context: AppLoadContext,
  params: Params,
  get: (id: string, admin: Viewer) => Promise<View>,
): Promise<View | null> {
  const admin = requireViewer(request, context, { role: 'admin' });
  if (params.id === undefined) return null;
  const id = IdParamsSchema.safeParse(params);
  if (!id.success) throw data(null, { status: 404 });
  try {
    return await get(id.data.id, admin);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

type Save<Input> = {
  schema: z.ZodType<Input>;
  create: (input: Input, photos: Buffer[]) => Promise<unknown>;
  update: (id: string, input: Input, photos: Buffer[]) => Promise<unknown>;
  texts: { created: MessageKey; updated: MessageKey; notFound: MessageKey };
};

function saveListing<Input>(
  request: Request,
  context: AppLoadContext,
  params: Params,
  save: Save<Input>,
) {
  return handleFormAction(request, context, save.schema, async (input, upload: FormUpload) => {
    if (params.id === undefined) {
      await save.create(input, upload.photos);
      context.services.search.forgetCachedAnswers();
      return t(save.texts.created);
    }
    const id = IdParamsSchema.safeParse(params);
    if (!id.success) throw new NotFoundError(t(save.texts.notFound));
    await save.update(id.data.id, input, upload.photos);
    context.services.search.forgetCachedAnswers();
    return t(save.texts.updated);
  });
}

/** The admin form posts every field (the same schema as POST /api/create-property or -asset). */
export function saveListingForm(
  request: Request,
  context: AppLoadContext,
  params: Params,
  kind: 'property' | 'asset',
) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const { manage } = context.services;
  if (kind === 'property') {
    return saveListing(request, context, params, {
      schema: AdminPropertyInputSchema,
      create: (input, photos) => manage.createProperty(input, photos, admin),
      update: (id, input, photos) => manage.updateProperty(id, input, photos, admin),
      texts: {
        created: 'manage.propertyCreated',
        updated: 'manage.propertyUpdated',
        notFound: 'manage.propertyNotFound',
      },
    });
  }
  return saveListing(request, context, params, {
    schema: AdminAssetInputSchema,
    create: (input, photos) => manage.createAsset(input, photos, admin),
    update: (id, input, photos) => manage.updateAsset(id, input, photos, admin),
    texts: {
      created: 'manage.assetCreated',
      updated: 'manage.assetUpdated',
      notFound: 'manage.assetNotFound',
    },
  });
}
