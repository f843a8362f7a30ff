import { t } from '#lib/i18n.ts';
import { SupplyListQuerySchema } from '#modules/supplies/supplies.schema.ts';
import { requireViewer } from '../auth.server.ts';
import { AccountPage } from '../components/account-page.tsx';
import { EmptyState, ListingGrid } from '../components/listing-grid.tsx';
import { LoadFailure } from '../components/load-failure.tsx';
import { Pagination } from '../components/pagination.tsx';
import { SupplyCard } from '../components/supply-card.tsx';
import { pageMeta } from '../page-meta.ts';
import type { Route } from './+types/supplied-property';

/** The signed-in user's supplies with their review state (an admin sees everyone's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const url = new URL(request.url);
  const parsed = SupplyListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : SupplyListQuerySchema.parse({});
  return { page: await context.services.supplies.listSupplies(query, viewer) };
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
