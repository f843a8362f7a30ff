import { data } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { t } from '#lib/i18n.pages.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { ListingNotFound } from '#app/components/listing-not-found.tsx';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/listing-detail';
import { getServices } from '#server/load-context.ts';

/** Any listing by id: sends the visitor to the property or asset page that shows it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = IdParamsSchema.safeParse(params);
  if (id.success) {
    const { catalogue } = getServices(context);
    if (await loadOrNull(() => catalogue.property.getPublished(id.data.id))) {
      throw redirect(`/property/${id.data.id}`);
    }
    if (await loadOrNull(() => catalogue.asset.getPublished(id.data.id))) {
      throw redirect(`/asset/${id.data.id}`);
    }
  }
  return data(null, { status: 404 });
}

export function meta() {
  return pageMeta({ title: t('listing.listingNotFound'), description: '' });
}

export default function ListingDetail() {
  return <ListingNotFound message={t('listing.listingNotFound')} />;
}
