import { FilterSelect } from '#app/components/filter-select.tsx';
import { Form } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import { InquiryListQuerySchema } from '#modules/inquiries/inquiries.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { ConversationCard } from '#app/components/conversation-card.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { getSiteOrigin } from '#app/site-origin.server.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/inquiries';

/**
 * The signed-in user's conversations: about their listings (Received), or the ones they started
 * (Sent), the latest activity first; Received narrows to one listing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { inquiries } = getServices(context);
  // Admins read every conversation in the admin panel; here, their own listings' only.
  const query = {
    ...readListQuery(new URL(request.url), InquiryListQuerySchema),
    ownerId: viewer.id,
  };
  const [page, listings] = await Promise.all([
    inquiries.listInquiries(query, viewer),
    query.box === 'received' ? inquiries.listReceivedListings(viewer, viewer.id) : [],
  ]);
  redirectPastLastPage(request, page);
  return {
    page,
    listings,
    box: query.box,
    listingId: query.listingId ?? '',
    origin: getSiteOrigin(request, context),
  };
}

export function meta() {
  return pageMeta({ title: t('inquiries.heading'), description: t('inquiries.description') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('inquiries.loadFailed')} />;
}

export default function InquiriesPage({
  loaderData: { page, listings, box, listingId, origin },
}: Route.ComponentProps) {
  const tabClass = (isCurrent: boolean) =>
    `inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ${
      isCurrent ? 'bg-brand-700 text-white' : 'border border-slate-300 bg-white text-slate-800'
    }`;
  return (
    <AccountPage heading={t('inquiries.heading')}>
      <p className="text-slate-700">{t('inquiries.description')}</p>
      <nav aria-label={t('inquiries.tabs')} className="flex gap-2">
        <Link
          to="/inquiries"
          className={tabClass(box === 'received')}
          aria-current={box === 'received' ? 'page' : undefined}
        >
          {t('inquiries.received')}
        </Link>
        <Link
          to="/inquiries?box=sent"
          className={tabClass(box === 'sent')}
          aria-current={box === 'sent' ? 'page' : undefined}
        >
          {t('inquiries.sent')}
        </Link>
      </nav>
      {box === 'received' && listings.length > 1 && (
        <Form
          method="get"
          key={listingId}
          className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
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
        </Form>
      )}
      {page.items.length === 0 ? (
        <EmptyState>
          {t(box === 'received' ? 'inquiries.emptyReceived' : 'inquiries.emptySent')}
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {page.items.map((inquiry) => (
            <ConversationCard key={inquiry.id} inquiry={inquiry} origin={origin} />
          ))}
        </ul>
      )}
      <Pagination page={page} />
    </AccountPage>
  );
}
