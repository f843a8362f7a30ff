import { t } from '#lib/i18n.pages.ts';
import { SupplyListQuerySchema } from '#modules/supplies/supplies.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { EmptyState, ListingGrid } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { SupplyCard } from '#app/components/supply-card.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/supplied-property';
import { getServices } from '#server/load-context.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';

/** The signed-in user's supplies with their review state (an admin sees everyone's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const query = readListQuery(new URL(request.url), SupplyListQuerySchema);
  const page = await getServices(context).supplies.listSupplies(query, viewer);
  redirectPastLastPage(request, page);
  return { page };
}

export function meta() {
  return pageMeta({ title: t('supplied.heading'), description: t('supply.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('supply.loadFailed')} />;
}

export default function SuppliedProperty({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <AccountPage
      heading={t('supplied.heading')}
      action={{ to: '/create-supply-property', label: t('supplied.supplyButton') }}
    >
      {page.items.length === 0 ? (
        <EmptyState>{t('supply.empty')}</EmptyState>
      ) : (
        <ListingGrid>
          {page.items.map((supply) => (
            <SupplyCard key={supply._id} supply={supply} />
          ))}
        </ListingGrid>
      )}
      <Pagination page={page} />
    </AccountPage>
  );
}
