import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import type { ListingKind } from '#lib/listing.ts';
import { getServices } from '#server/load-context.ts';
import { adminContext } from '#app/auth.server.ts';
import {
  formHandler,
  handleIntents,
  type FormArgs,
  type IntentOf,
} from '#app/forms/form-action.server.ts';

/** A row's button names the listing it acts on. */
const RowSchema = z.object({ id: z.uuid() });

const TEXTS = {
  property: {
    delete: { done: 'manage.propertyDeleted', failed: 'manage.deleteFailed' },
    approve: { done: 'manage.propertyApproved', failed: 'manage.approveFailed' },
  },
  asset: {
    delete: { done: 'manage.assetDeleted', failed: 'manage.deleteAssetFailed' },
    approve: { done: 'manage.assetApproved', failed: 'manage.approveAssetFailed' },
  },
} as const;

/**
 * The Delete and Approve buttons of the dashboard cards and the manage tables. A refusal
 * answers the spec's message in the page (never the error page).
 */
export function handleListingRowAction(args: FormArgs, kind: ListingKind) {
  const admin = args.context.get(adminContext);
  const { adminListings } = getServices(args.context);
  const texts = TEXTS[kind];
  // Each kind has its own service calls; the buttons and their answers are the same.
  const remove = {
    property: (id: string) => adminListings.deleteProperty(id, admin),
    asset: (id: string) => adminListings.deleteAsset(id, admin),
  }[kind];
  const approve = {
    property: (id: string) => adminListings.updateProperty(id, { status: 'Approved' }, [], admin),
    asset: (id: string) => adminListings.updateAsset(id, { status: 'Approved' }, [], admin),
  }[kind];
  return handleIntents(args, {
    delete: formHandler(
      RowSchema,
      async ({ id }) => {
        await remove(id);
        return t(texts.delete.done);
      },
      { failure: t(texts.delete.failed) },
    ),
    approve: formHandler(
      RowSchema,
      async ({ id }) => {
        await approve(id);
        return t(texts.approve.done);
      },
      { failure: t(texts.approve.failed) },
    ),
  });
}

export type ListingRowIntent = IntentOf<typeof handleListingRowAction>;
