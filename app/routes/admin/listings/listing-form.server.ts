import { data } from 'react-router';
import { NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import type { ListingKind } from '#lib/listing.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import {
  AdminAssetFormSchema,
  AdminPropertyFormSchema,
} from '#modules/admin-listings/admin-listings.schema.ts';
import { getServices, type PageContext } from '#server/load-context.ts';
import { adminContext } from '#app/auth.server.ts';
import { handleForm, type FormArgs } from '#app/forms/form-action.server.ts';

/** A form page's arguments: editing has the listing's `:id`, creating has none. */
type ListingFormArgs = { context: PageContext; params: { id?: string } };

/**
 * An admin form's listing: null when creating; when editing, the one `get` finds whatever its
 * moderation, or the 404 page.
 */
export async function loadListingForm<View>(
  { context, params }: ListingFormArgs,
  get: (id: string, admin: Viewer) => Promise<View>,
): Promise<View | null> {
  const admin = context.get(adminContext);
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

const TEXTS = {
  property: {
    created: 'manage.propertyCreated',
    updated: 'manage.propertyUpdated',
    notFound: 'manage.propertyNotFound',
  },
  asset: {
    created: 'manage.assetCreated',
    updated: 'manage.assetUpdated',
    notFound: 'manage.assetNotFound',
  },
} as const;

/**
 * The admin form posts every field (the same schema as POST /api/create-property or -asset):
 * creates the listing, or replaces the one of the page's `:id`.
 */
export function saveListingForm(args: FormArgs & ListingFormArgs, kind: ListingKind) {
  const admin = args.context.get(adminContext);
  const { adminListings } = getServices(args.context);
  const texts = TEXTS[kind];
  const idOf = () => {
    const id = IdParamsSchema.safeParse(args.params);
    if (!id.success) throw new NotFoundError(t(texts.notFound));
    return id.data.id;
  };
  // Each kind has its own schema and service calls; the answers are the same.
  const forms = {
    property: () =>
      handleForm(args, AdminPropertyFormSchema, async (input, photos) => {
        if (args.params.id === undefined) await adminListings.createProperty(input, photos, admin);
        else await adminListings.updateProperty(idOf(), input, photos, admin);
        return t(args.params.id === undefined ? texts.created : texts.updated);
      }),
    asset: () =>
      handleForm(args, AdminAssetFormSchema, async (input, photos) => {
        if (args.params.id === undefined) await adminListings.createAsset(input, photos, admin);
        else await adminListings.updateAsset(idOf(), input, photos, admin);
        return t(args.params.id === undefined ? texts.created : texts.updated);
      }),
  } satisfies Record<ListingKind, () => unknown>;
  return forms[kind]();
}
