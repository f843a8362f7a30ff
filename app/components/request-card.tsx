import { Link } from '#app/components/link.tsx';
import { formatPrice, truncate } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import type { RequestStatus } from '#lib/listing.ts';
import type { RequestView } from '#modules/requests/requests.schema.ts';
import { Icon } from './icon.tsx';
import { CARD_SIZES, ListingPhoto } from './listing-photo.tsx';

/** The spec cuts a requested property's description to 60 characters on its card. */
const REQUEST_DESCRIPTION_LENGTH = 60;

/** A closed wanted-ad's badge; an open one needs none. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  if (status === 'Open') return null;
  return (
    <span className="rounded-full bg-slate-800 px-2.5 py-1 text-xs font-bold tracking-wide text-white uppercase">
      <span className="sr-only">{t('request.statusLabel')}: </span>
      {t(`request.status.${status}`)}
    </span>
  );
}

/** One wanted-ad in the list: photo, budget, title, location, a short description and a link. */
export function RequestCard({ request }: { request: RequestView }) {
  const href = `/requested-property-detail/${request._id}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <ListingPhoto
          photo={request.photos[0]}
          alt={t('listing.photoOf', { title: request.title })}
          sizes={CARD_SIZES}
        />
        <div className="absolute top-3 left-3">
          <RequestStatusBadge status={request.status} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xl font-bold text-brand-800">
          {formatPrice(request.price, request.pricePeriod)}
        </p>
        <h3 className="text-lg leading-snug font-semibold text-slate-900">
          <Link to={href} className="hover:underline">
            {request.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <Icon name="mapPin" className="h-4 w-4 shrink-0" />
          {request.location}
          {request.type && <> · {t(`type.${request.type}`)}</>}
        </p>
        {request.description && (
          <p className="text-sm break-words text-slate-700">
            {truncate(request.description, REQUEST_DESCRIPTION_LENGTH)}
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm text-slate-600">
          <span className="flex min-w-0 items-center gap-1">
            <Icon name="user" className="h-4 w-4 shrink-0" />
            <span className="truncate">{request.requesterName}</span>
          </span>
          <span className="flex shrink-0 items-center gap-1">
            <Icon name="clock" className="h-4 w-4" />
            {request.timeAgo}
          </span>
        </div>
        <Link to={href} className="button-primary w-full">
          {t('listing.viewDetails')}
          <span className="sr-only">: {request.title}</span>
        </Link>
      </div>
    </article>
  );
}
