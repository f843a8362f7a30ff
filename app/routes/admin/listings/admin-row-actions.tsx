import type { FetcherWithComponents } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.all.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import type { ListingRowIntent } from './listing-row-actions.server.ts';

type Props = {
  fetcher: FetcherWithComponents<FormResult>;
  id: string;
  /** Names the listing for screen readers ('Delete' alone is ambiguous in a list). */
  name: string;
  isSubmitting: boolean;
};

/** Delete after the spec's confirmation; a plain form post without JavaScript. */
export function AdminDeleteButton({
  fetcher,
  id,
  name,
  isSubmitting,
  confirmText,
}: Props & { confirmText: string }) {
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(confirmText)) event.preventDefault();
      }}
    >
      <IntentInput<ListingRowIntent> value="delete" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-label={`${t('manage.delete')} ${name}`}
        disabled={isSubmitting}
        className="inline-flex min-h-11 items-center justify-center rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
      >
        {t('manage.delete')}
      </button>
    </fetcher.Form>
  );
}

/** Publishes a pending listing (PUT ... {status: 'Approved'} through the service). */
export function AdminApproveButton({ fetcher, id, name, isSubmitting }: Props) {
  return (
    <fetcher.Form method="post">
      <IntentInput<ListingRowIntent> value="approve" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-label={`${t('manage.approve')} ${name}`}
        disabled={isSubmitting}
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {isSubmitting ? t('manage.approving') : t('manage.approve')}
      </button>
    </fetcher.Form>
  );
}

/** A link styled as a small row button. */
export const ROW_LINK_CLASS =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';
