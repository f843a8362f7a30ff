import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { DomainError } from '#lib/errors.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import type { Page } from '#lib/pagination.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { AdminAssetQuerySchema, AdminPropertyQuerySchema } from '#modules/manage/manage.schema.ts';
import { requireViewer } from '../../auth.server.ts';
import type { AdminListingItem } from '../../components/admin-listing-page.tsx';

const RowActionSchema = z.object({
  intent: z.enum(['delete', 'approve']),
  id: z.uuid(),
});

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
 * The Delete and Approve buttons of the dashboard cards and the manage tables. A failure of any
 * kind answers the spec's message in the page (never the error page), the reason in the log.
 */
export async function runListingAction(
  request: Request,
  context: AppLoadContext,
  admin: Viewer,
  kind: 'property' | 'asset',
) {
  const fields = Object.fromEntries(await request.formData());
  const parsed = RowActionSchema.safeParse(fields);
  const intent = fields.intent === 'approve' ? 'approve' : 'delete';
  const texts = TEXTS[kind][intent];
  if (!parsed.success) {
    return data<FormResult>(
      { ok: false, message: t(texts.failed), fieldErrors: {} },
      { status: 400 },
    );
  }
  const { manage, search } = context.services;
  const { id } = parsed.data;
  try {
    if (kind === 'property') {
      if (intent === 'delete') await manage.deleteProperty(id, admin);
      else await manage.updateProperty(id, { status: 'Approved' }, [], admin);
    } else if (intent === 'delete') await manage.deleteAsset(id, admin);
    else await manage.updateAsset(id, { status: 'Approved' }, [], admin);
    search.forgetCachedAnswers();
    return data<FormResult>({ ok: true, message: t(texts.done) });
  } catch (error) {
    const status = error instanceof DomainError ? error.status : 500;
    if (status === 500) console.warn(`admin ${kind} ${intent} failed`, error);
    return data<FormResult>({ ok: false, message: t(texts.failed), fieldErrors: {} }, { status });
  }
}

/**
 * The filters and page of a manage table's URL. A bad parameter never fails the page: each one
 * that does not parse is left out, the others still apply.
 */
export function readListingQuery<Schema extends z.ZodObject>(
  schema: Schema,
  url: URL,
): z.output<Schema> {
  const accepted: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = url.searchParams.get(key);
    if (value === null) continue;
    if (schema.partial().safeParse({ [key]: value }).success) accepted[key] = value;
  }
  return schema.parse(accepted);
}

function toListingTable<Item extends Omit<AdminListingItem, 'id' | 'name'> & { _id: string }>(
  page: Page<Item>,
  query: { location?: string; type?: string; status?: string },
  nameOf: (item: Item) => string,
) {
  return {
    page: {
      ...page,
      items: page.items.map((item): AdminListingItem => ({
        id: item._id,
        name: nameOf(item),
        type: item.type,
        location: item.location,
        moderation: item.moderation,
      })),
    },
    filters: { location: query.location ?? '', type: query.type ?? '', status: query.status ?? '' },
  };
}

/** A manage table: every property or asset, whatever its moderation, filtered from the URL. */
export async function loadListingTable(
  request: Request,
  context: AppLoadContext,
  kind: 'property' | 'asset',
) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const url = new URL(request.url);
  const { manage } = context.services;
  if (kind === 'property') {
    const query = readListingQuery(AdminPropertyQuerySchema, url);
    return toListingTable(await manage.listProperties(query, admin), query, (item) => item.title);
  }
  const query = readListingQuery(AdminAssetQuerySchema, url);
  return toListingTable(await manage.listAssets(query, admin), query, (item) => item.name);
}
