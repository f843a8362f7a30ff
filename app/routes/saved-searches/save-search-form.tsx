import { useFetcher, useLocation } from 'react-router';
import { loginPathReturningTo } from '#lib/account.ts';
import type { FormResult } from '#lib/form-result.ts';
import { localePath } from '#lib/i18n.ts';
import { t } from '#lib/i18n.pages.ts';
import { SAVED_SEARCH_NAME_MAX_LENGTH } from '#lib/limits.ts';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';
import { Link } from '#app/components/link.tsx';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { useSignedInUser } from '#app/use-root-data.ts';
import { FrequencyField } from './frequency-field.tsx';
import type { SavedSearchIntent } from './saved-searches.tsx';

/**
 * "Save this search" under a list's filters: the filters go as hidden fields with a name and
 * how often to hear of new listings. Signed out, it leads through the login page and back.
 */
export function SaveSearchForm({
  filters,
  defaultName,
}: {
  /** The list's filters that are set (type, offer, district …), by their field names. */
  filters: Record<string, string | number | undefined>;
  defaultName: string;
}) {
  const user = useSignedInUser();
  const location = useLocation();
  const fetcher = useFetcher<FormResult>();
  if (!user) {
    return (
      <p>
        <Link
          to={loginPathReturningTo(`${location.pathname}${location.search}`)}
          className="font-medium text-brand-800 underline"
        >
          {t('savedSearch.signInToSave')}
        </Link>
      </p>
    );
  }
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <details className="rounded-xl border border-slate-200 bg-white">
      <summary className="cursor-pointer px-4 py-3 font-semibold">{t('savedSearch.save')}</summary>
      <fetcher.Form
        method="post"
        action={localePath('/saved-searches')}
        className="grid gap-3 border-t border-slate-200 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        <IntentInput<SavedSearchIntent> value="create" />
        {Object.entries(filters).map(([name, value]) =>
          value === undefined || value === '' ? null : (
            <input key={name} type="hidden" name={name} value={String(value)} />
          ),
        )}
        <div>
          <label htmlFor="saved-search-name" className="field-label">
            {t('savedSearch.nameLabel')}
          </label>
          <input
            id="saved-search-name"
            name="name"
            defaultValue={defaultName}
            maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
            className="field-input"
          />
        </div>
        <FrequencyField id="saved-search-frequency" />
        <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
          {t('savedSearch.saveButton')}
        </button>
        {result && (
          <div className="sm:col-span-3">
            <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
              {result.message}{' '}
              {result.ok && (
                <Link to="/saved-searches" className="underline">
                  {t('savedSearch.manage')}
                </Link>
              )}
            </FormMessage>
          </div>
        )}
      </fetcher.Form>
    </details>
  );
}
