import { formatRwf } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import type { Lister } from '#lib/listing.ts';
import { Icon } from './icon.tsx';

/**
 * Who lists a listing ("Listed by the owner") and the fees they ask. A viewing fee is shown
 * with a warning: money asked before a viewing is the classic scam.
 */
export function ListerLine({
  listedBy,
  commission,
  viewingFee,
}: {
  listedBy: Lister;
  commission: number | null;
  viewingFee: number | null;
}) {
  return (
    <div className="space-y-2 text-slate-800" data-testid="lister-line">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="flex items-center gap-1 font-semibold">
          <Icon name="user" className="h-5 w-5" />
          {t(`lister.listedBy.${listedBy}`)}
        </span>
        {commission !== null && (
          <span>{t('lister.commissionShown', { amount: formatRwf(commission) })}</span>
        )}
      </p>
      {viewingFee !== null && (
        <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2">
          <p className="font-semibold text-amber-950">
            {t('lister.viewingFeeShown', { amount: formatRwf(viewingFee) })}
          </p>
          <p className="text-sm text-amber-900">{t('lister.viewingFeeWarning')}</p>
        </div>
      )}
    </div>
  );
}
