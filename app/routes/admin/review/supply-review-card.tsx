import { useFetcher } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { formatPrice, truncate } from '#lib/format.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.all.ts';
import type { SupplyView } from '#modules/supplies/supplies.schema.ts';
import { LikeButton } from './like-button.tsx';
import { ReviewPhoto } from './review-photo.tsx';
import { Icon } from '#app/components/icon.tsx';
import { CARD_SIZES } from '#app/components/listing-photo.tsx';
import { CARD_DESCRIPTION_LENGTH } from '#app/components/property-card.tsx';
import { ModerationBadge } from '#app/components/supply-card.tsx';

/** Every Delete form of the supplied list shares one fetcher: the page shows its answer. */
export const SUPPLY_DELETE_FETCHER = 'admin-review-supply-delete';

/** A seller's supply on the admin's list: photo, title, description, review state and actions. */
export function SupplyReviewCard({ supply }: { supply: SupplyView }) {
  const deleter = useFetcher<FormResult>({ key: SUPPLY_DELETE_FETCHER });
  const isDeleting = deleter.state !== 'idle' && deleter.formData?.get('id') === supply._id;
  const href = `/admin-panel/supplied-property/${supply._id}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <ReviewPhoto photo={supply.photos[0]} title={supply.title} sizes={CARD_SIZES} />
        <div className="absolute top-3 left-3 flex flex-wrap gap-2">
          <ModerationBadge moderation={supply.moderation} feeState={supply.feeState} />
          {supply.hasPhotoMatches && (
            <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-950 uppercase">
              {t('photoMatch.badge')}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg leading-snug font-semibold break-words">{supply.title}</h2>
        <p className="font-bold text-brand-800">
          {formatPrice(supply.price, supply.pricePeriod)} · {t(`type.${supply.type}`)}
        </p>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <Icon name="user" className="h-4 w-4 shrink-0" />
          <span className="truncate">{supply.owner || t('listing.notGiven')}</span>
          <span className="ml-auto shrink-0">{supply.timeAgo}</span>
        </p>
        <p className="text-sm break-words text-slate-700">
          {supply.description
            ? truncate(supply.description, CARD_DESCRIPTION_LENGTH)
            : t('listing.notGiven')}
        </p>
        <div className="mt-auto grid grid-cols-3 gap-2 pt-2">
          <Link to={href} className="button-primary px-2">
            {t('adminReview.view')}
            <span className="sr-only">: {supply.title}</span>
          </Link>
          <LikeButton supplyId={supply._id} title={supply.title} />
          <deleter.Form
            method="post"
            className="contents"
            onSubmit={(event) => {
              if (!window.confirm(t('adminReview.deleteConfirm'))) event.preventDefault();
            }}
          >
            <input type="hidden" name="id" value={supply._id} />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-red-300 bg-white px-2 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
              disabled={isDeleting}
            >
              {isDeleting ? t('adminReview.deleting') : t('adminReview.delete')}
              <span className="sr-only">: {supply.title}</span>
            </button>
          </deleter.Form>
        </div>
      </div>
    </article>
  );
}
