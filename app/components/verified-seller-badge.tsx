import { t } from '#lib/i18n.ts';
import { Icon } from './icon.tsx';

/**
 * "Verified seller": an admin checked this seller's identity. A check icon and the words, so it
 * reads the same to a screen reader; `isSmall` on listing cards.
 */
export function VerifiedSellerBadge({ isSmall = false }: { isSmall?: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-emerald-50 font-semibold text-emerald-900 ring-1 ring-emerald-200 ${
        isSmall ? 'px-2 py-0.5 text-xs' : 'px-2.5 py-1 text-sm'
      }`}
      title={t('trust.verifiedSellerHint')}
    >
      <Icon name="check" className={isSmall ? 'h-3.5 w-3.5' : 'h-4 w-4'} />
      {t('trust.verifiedSeller')}
    </span>
  );
}
