import { formatDate } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import type { ListingLife } from '#modules/expiry/expiry.schema.ts';
import { FormMessage } from './form-message.tsx';

/**
 * Where a listing stands for its owner and admins: "Listed until <date>", or "Expired on <date>"
 * with why it left the lists; and the page's Renew form (`renewForm`), a plain post.
 */
export function ListingLifeNotice({
  life,
  renewForm,
  result,
}: {
  life: ListingLife;
  renewForm: React.ReactNode;
  /** The answer to the last Renew post, if any. */
  result?: { ok: boolean; message: string } | null;
}) {
  if (!life.listedUntil && !life.expiredAt) return null;
  return (
    <section
      aria-label={t('expiry.regionLabel')}
      className={`space-y-2 rounded-xl border p-4 ${life.expiredAt ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-semibold">
          {life.expiredAt
            ? t('expiry.expiredOn', { date: formatDate(life.expiredAt) })
            : t('expiry.listedUntil', { date: formatDate(life.listedUntil!) })}
        </p>
        {life.canRenew && <div className="ml-auto">{renewForm}</div>}
      </div>
      <p className="text-sm text-slate-700">
        {life.expiredAt ? t('expiry.expiredHint') : t('expiry.listedHint')}
      </p>
      {result && (
        <FormMessage tone={result.ok ? 'success' : 'error'} answer={result}>
          {result.message}
        </FormMessage>
      )}
    </section>
  );
}
