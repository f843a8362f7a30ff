import { useFetcher } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { formatPrice } from '#lib/format.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.all.ts';
import type { RequestView } from '#modules/requests/requests.schema.ts';
import { ReviewPhoto } from './review-photo.tsx';
import { Icon } from '#app/components/icon.tsx';
import { CARD_SIZES } from '#app/components/listing-photo.tsx';
import { RequestStatusBadge } from '#app/components/request-card.tsx';

/** Every Delete Request form of the list shares one fetcher: the page shows its answer. */
export const REQUEST_DELETE_FETCHER = 'admin-review-request-delete';

/** A buyer's request on the admin's list: photo, title, price, location, view and delete. */
export function RequestReviewCard({ request }: { request: RequestView }) {
  const deleter = useFetcher<FormResult>({ key: REQUEST_DELETE_FETCHER });
  const isDeleting = deleter.state !== 'idle' && deleter.formData?.get('id') === request._id;
  const href = `/admin-panel/requested-property/${request._id}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <ReviewPhoto photo={request.photos[0]} title={request.title} sizes={CARD_SIZES} />
        <div className="absolute top-3 left-3">
          <RequestStatusBadge status={request.status} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg leading-snug font-semibold break-words text-slate-900">
          {request.title}
        </h2>
        <p className="text-xl font-bold text-brand-800">
          {formatPrice(request.price, request.pricePeriod)}
        </p>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <Icon name="mapPin" className="h-4 w-4 shrink-0" />
          {request.location || t('listing.notGiven')}
        </p>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <Icon name="user" className="h-4 w-4 shrink-0" />
          <span className="truncate">{request.requesterName || t('listing.notGiven')}</span>
          <span className="ml-auto shrink-0">{request.timeAgo}</span>
        </p>
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <Link to={href} className="button-primary">
            {t('listing.viewDetails')}
            <span className="sr-only">: {request.title}</span>
          </Link>
          <deleter.Form
            method="post"
            className="contents"
            onSubmit={(event) => {
              if (!window.confirm(t('adminReview.deleteRequestConfirm'))) event.preventDefault();
            }}
          >
            <input type="hidden" name="id" value={request._id} />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-red-300 bg-white px-3 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
              disabled={isDeleting}
            >
              {isDeleting ? t('adminReview.deletingRequest') : t('adminReview.deleteRequest')}
              <span className="sr-only">: {request.title}</span>
            </button>
          </deleter.Form>
        </div>
      </div>
    </article>
  );
}
