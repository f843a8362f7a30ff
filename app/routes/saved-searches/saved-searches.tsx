import { Form } from 'react-router';
import { z } from 'zod';
import { t } from '#lib/i18n.pages.ts';
import { requiredText } from '#lib/form-fields.ts';
import { SAVED_SEARCH_NAME_MAX_LENGTH } from '#lib/limits.ts';
import { ALERT_FREQUENCIES } from '#lib/listing.ts';
import {
  SavedSearchFiltersSchema,
  type SavedSearchView,
} from '#modules/saved-searches/saved-searches.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { Link } from '#app/components/link.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { formHandler, handleIntents, type IntentOf } from '#app/forms/form-action.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { filterLabel } from '#app/routes/catalogue/list-filters.tsx';
import { LISTING_FILTER_KEYS } from '#lib/listing-filter-keys.ts';
import { getServices } from '#server/load-context.ts';
import { FrequencyField } from './frequency-field.tsx';
import type { Route } from './+types/saved-searches';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return { searches: await getServices(context).savedSearches.list(viewer) };
}

const NameSchema = requiredText('savedSearch.name', SAVED_SEARCH_NAME_MAX_LENGTH);
const FrequencySchema = z.enum(ALERT_FREQUENCIES);

/** "Save this search" posts the list's filters as its own fields, beside a name. */
const CreateFormSchema = SavedSearchFiltersSchema.extend({
  name: NameSchema,
  frequency: FrequencySchema.default('instant'),
});

const SearchIdSchema = z.object({ id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const { savedSearches } = getServices(context);
  return handleIntents(
    { request, context },
    {
      create: formHandler(CreateFormSchema, async ({ name, frequency, ...filters }) => {
        await savedSearches.create({ name, frequency, filters }, viewer);
        return t('savedSearch.savedPage');
      }),
      rename: formHandler(SearchIdSchema.extend({ name: NameSchema }), async ({ id, name }) => {
        await savedSearches.update(id, { name }, viewer);
        return t('savedSearch.updatedPage');
      }),
      frequency: formHandler(
        SearchIdSchema.extend({ frequency: FrequencySchema }),
        async ({ id, frequency }) => {
          await savedSearches.update(id, { frequency }, viewer);
          return t('savedSearch.updatedPage');
        },
      ),
      delete: formHandler(SearchIdSchema, async ({ id }) => {
        await savedSearches.remove(id, viewer);
        return t('savedSearch.deletedPage');
      }),
    },
  );
}

export type SavedSearchIntent = IntentOf<typeof action>;

export function meta() {
  return pageMeta({ title: t('savedSearch.heading'), description: t('savedSearch.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('savedSearch.loadFailed')} />;
}

/** What a saved search looks for, in words: "House · For rent · Kicukiro · up to RWF 500,000". */
function describe(filters: SavedSearchView['filters']): string {
  const { q, type } = filters;
  const parts = [
    q && `“${q}”`,
    type && t(`type.${type}`),
    ...LISTING_FILTER_KEYS.flatMap((key) => {
      const value = filters[key];
      return value === undefined ? [] : [filterLabel({ key, value })];
    }),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : t('savedSearch.everything');
}

export default function SavedSearchesPage({
  loaderData: { searches },
  actionData,
}: Route.ComponentProps) {
  return (
    <AccountPage heading={t('savedSearch.heading')}>
      <p className="text-slate-700">{t('savedSearch.intro')}</p>
      <FormAnswer result={actionData} failure={t('savedSearch.failure')} />
      {searches.length === 0 ? (
        <EmptyState>{t('savedSearch.empty')}</EmptyState>
      ) : (
        <ul className="space-y-4">
          {searches.map((search) => (
            <li
              key={search._id}
              className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">{search.name}</h2>
                <Link to={search.path} className="font-medium text-brand-800 underline">
                  {t('savedSearch.see')}
                </Link>
              </div>
              <p className="text-slate-700">{describe(search.filters)}</p>
              <div className="grid gap-3 sm:grid-cols-2">
                <Form method="post" className="flex items-end gap-2">
                  <IntentInput<SavedSearchIntent> value="rename" />
                  <input type="hidden" name="id" value={search._id} />
                  <div className="min-w-0 grow">
                    <label htmlFor={`name-${search._id}`} className="field-label">
                      {t('savedSearch.nameLabel')}
                    </label>
                    <input
                      id={`name-${search._id}`}
                      name="name"
                      defaultValue={search.name}
                      maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
                      className="field-input"
                    />
                  </div>
                  <button type="submit" className="button-secondary">
                    {t('savedSearch.rename')}
                  </button>
                </Form>
                <Form method="post" className="flex items-end gap-2">
                  <IntentInput<SavedSearchIntent> value="frequency" />
                  <input type="hidden" name="id" value={search._id} />
                  <FrequencyField id={`frequency-${search._id}`} value={search.frequency} />
                  <button type="submit" className="button-secondary">
                    {t('savedSearch.change')}
                  </button>
                </Form>
              </div>
              <Form method="post">
                <IntentInput<SavedSearchIntent> value="delete" />
                <input type="hidden" name="id" value={search._id} />
                <button
                  type="submit"
                  className="text-sm font-medium text-red-700 underline"
                  aria-label={t('savedSearch.deleteLabel', { name: search.name })}
                >
                  {t('savedSearch.delete')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
