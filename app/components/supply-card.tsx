import { Link } from '#app/components/link.tsx';
import { formatPrice, truncate } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import type { ModerationState } from '#lib/listing.ts';
import type { FeeState } from '#lib/payments.ts';
import type { SupplyView } from '#modules/supplies/supplies.schema.ts';
import { Icon } from './icon.tsx';
import { CARD_SIZES, ListingPhoto } from './listing-photo.tsx';
import { CARD_DESCRIPTION_LENGTH } from './property-card.tsx';

const MODERATION_TONES: Record<ModerationState, string> = {
  Pending: 'bg-amber-100 text-amber-900',
  Approved: 'bg-brand-100 text-brand-900',
  Rejected: 'bg-red-100 text-red-900',
};

/** Where a supply stands in review: Pending, Approved or Rejected. */
export function ModerationBadge({
  moderation,
  feeState = null,
}: {
  moderation: ModerationState;
  /** A pending supply whose listing fee is due waits for its payment, not for review. */
  feeState?: FeeState | null;
}) {
  const isAwaitingPayment = moderation === 'Pending' && feeState === 'due';
  return (
    <span
      className={`rounded-full px-2.5 py-1 text-xs font-bold tracking-wide uppercase ${
        isAwaitingPayment ? 'bg-orange-100 text-orange-900' : MODERATION_TONES[moderation]
      }`}
    >
      <span className="sr-only">{t('supply.moderationLabel')}: </span>
      {isAwaitingPayment ? t('payments.awaitingPayment') : t(`supply.moderation.${moderation}`)}
    </span>
  );
}

/** One of a seller's supplies in their list: photo, title, price, review state and a link. */
export function SupplyCard({ supply }: { supply: SupplyView }) {
  const href = `/supply-property-detail/${supply._id}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <ListingPhoto
          photo={supply.photos[0]}
          alt={t('listing.photoOf', { title: supply.title })}
          sizes={CARD_SIZES}
        />
        <div className="absolute top-3 left-3">
          <ModerationBadge moderation={supply.moderation} feeState={supply.feeState} />
          {supply.expiredAt && supply.moderation === 'Approved' && (
            <span className="ml-2 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-900 uppercase">
              {t('expiry.expiredBadge')}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xl font-bold text-brand-800">
          {formatPrice(supply.price, supply.pricePeriod)}
        </p>
        <h3 className="text-lg leading-snug font-semibold">
          <Link to={href} className="hover:underline">
            {supply.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <Icon name="mapPin" className="h-4 w-4 shrink-0" />
          {supply.location ?? t('listing.fallbackLocation')} · {t(`type.${supply.type}`)}
        </p>
        <p className="text-sm text-slate-700">
          {truncate(supply.description, CARD_DESCRIPTION_LENGTH)}
        </p>
        <p className="mt-auto text-sm text-slate-500">{supply.timeAgo}</p>
        <Link to={href} className="button-primary">
          {t('listing.viewDetails')}
        </Link>
      </div>
    </article>
  );
}
