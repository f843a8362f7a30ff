import { FilterSelect } from '#app/components/filter-select.tsx';
import { Form, useFetcher } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import type { FormResult } from '#lib/form-result.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import { InquiryListQuerySchema, type InquiryView } from '#modules/inquiries/inquiries.schema.ts';
import { adminContext } from '#app/auth.server.ts';
import { ConversationCard } from '#app/components/conversation-card.tsx';
import { DeleteWithConfirm } from '#app/components/delete-with-confirm.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { getSiteOrigin } from '#app/site-origin.server.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/conversations';

/** Every conversation between visitors and listers, narrowed by listing or by owner. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const { inquiries } = getServices(context);
  const query = {
    ...readListQuery(new URL(request.url), InquiryListQuerySchema),
    box: 'received' as const,
  };
  const [page, listings, owners] = await Promise.all([
    inquiries.listInquiries(query, admin),
    inquiries.listReceivedListings(admin, query.ownerId),
    inquiries.listConversationOwners(admin),
  ]);
  redirectPastLastPage(request, page);
  const ownerName = query.ownerId ? page.items[0]?.ownerName : undefined;
  return {
    page,
    listings,
    owners,
    listingId: query.listingId ?? '',
    ownerId: query.ownerId ?? '',
    ownerName,
    origin: getSiteOrigin(request, context),
  };
}

const DeleteSchema = z.object({ id: z.uuid({ error: () => t('api.invalidId') }) });

/** Delete one conversation (audited). */
export function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  return handleForm({ request, context }, DeleteSchema, async ({ id }) => {
    await getServices(context).inquiries.deleteInquiry(id, admin);
    return t('inquiries.deleted');
  });
}

export function meta() {
  return pageMeta({ title: t('adminInquiries.heading'), description: t('adminInquiries.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('inquiries.loadFailed')} />;
}

function AdminConversation({ inquiry, origin }: { inquiry: InquiryView; origin: string }) {
  const fetcher = useFetcher<FormResult>({ key: `delete-inquiry-${inquiry.id}` });
  return (
    <ConversationCard
      inquiry={inquiry}
      origin={origin}
      owner={
        <p className="text-sm text-slate-700">
          {t('adminInquiries.owner')}{' '}
          <Link to={`?ownerId=${inquiry.ownerId}`} className="font-medium text-brand-800 underline">
            {inquiry.ownerName}
          </Link>
        </p>
      }
    >
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <Link to={`/inquiries/${inquiry.id}`} className="button-secondary">
          {t('inquiries.open')}
        </Link>
        <DeleteWithConfirm
          fetcher={fetcher}
          confirmText={t('adminInquiries.confirmDelete')}
          label={t('adminInquiries.delete')}
          busyLabel={t('adminInquiries.deleting')}
          fields={{ id: inquiry.id }}
        />
      </div>
      {fetcher.data && !fetcher.data.ok && (
        <FormMessage tone="error">{fetcher.data.message}</FormMessage>
      )}
    </ConversationCard>
  );
}

export default function AdminConversations({
  loaderData: { page, listings, owners, listingId, ownerId, ownerName, origin },
  actionData,
}: Route.ComponentProps) {
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">{t('adminInquiries.heading')}</h1>
        <p className="text-slate-700">{t('adminInquiries.intro')}</p>
      </div>
      {actionData && (
        <FormMessage tone={actionData.ok ? 'success' : 'error'}>{actionData.message}</FormMessage>
      )}
      <Form
        method="get"
        key={`${listingId}-${ownerId}`}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <FilterSelect
          name="ownerId"
          label={t('adminInquiries.filterOwner')}
          allLabel={t('adminInquiries.allOwners')}
          value={ownerId}
          options={owners.map((owner) => ({ value: owner.id, label: owner.name }))}
        />
        <FilterSelect
          name="listingId"
          label={t('inquiries.filterListing')}
          allLabel={t('inquiries.allListings')}
          value={listingId}
          options={listings.map((listing) => ({ value: listing.id, label: listing.title }))}
        />
        <button type="submit" className="button-secondary">
          {t('inquiries.apply')}
        </button>
        {(ownerId || listingId) && (
          <Link to="/admin-panel/inquiries" className="button-secondary">
            {t('adminInquiries.showAll')}
          </Link>
        )}
      </Form>
      {ownerId && ownerName && (
        <p className="text-slate-700">{t('adminInquiries.ofOwner', { name: ownerName })}</p>
      )}
      {page.items.length === 0 ? (
        <EmptyState>{t('adminInquiries.empty')}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {page.items.map((inquiry) => (
            <AdminConversation key={inquiry.id} inquiry={inquiry} origin={origin} />
          ))}
        </ul>
      )}
      <Pagination page={page} />
    </main>
  );
}
