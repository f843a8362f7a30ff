import { useId } from 'react';
import { LIVE_SEARCH_MAX_LENGTH } from '#lib/limits.ts';
import { Form } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t, type MessageKey, localePath } from '#lib/i18n.ts';
import { ASSET_TYPES, PROPERTY_TYPES, type ListingType } from '#lib/listing.ts';
import { Icon } from './icon.tsx';

type Category = { heading: MessageKey; links: { type: ListingType; to: string }[] };

const CATEGORIES: Category[] = [
  {
    heading: 'home.properties',
    links: PROPERTY_TYPES.map((type) => ({ type, to: `/get-properties/type/${type}` })),
  },
  {
    heading: 'home.assets',
    links: ASSET_TYPES.map((type) => ({ type, to: `/asset-property/${type}` })),
  },
];

/**
 * A way on from a page with nothing to show (an unknown address, a listing that is gone): the
 * home page's search, as a plain GET form that works before JavaScript loads, and every category.
 */
export function SearchAndCategories({ className = '' }: { className?: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`w-full max-w-2xl rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm sm:p-6 ${className}`}
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {t('explore.heading')}
      </h2>
      <Form method="get" action={localePath('/')} role="search" className="mt-4 flex gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          {t('home.searchLabel')}
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          maxLength={LIVE_SEARCH_MAX_LENGTH}
          placeholder={t('home.searchPlaceholder')}
          enterKeyHint="search"
          className="field-input min-h-12 min-w-0"
        />
        <button type="submit" className="button-primary min-h-12 shrink-0">
          <Icon name="search" />
          <span className="sr-only sm:not-sr-only">{t('home.searchButton')}</span>
        </button>
      </Form>
      <nav aria-labelledby={`${id}-categories`} className="mt-6">
        <h3 id={`${id}-categories`} className="font-semibold text-slate-900">
          {t('explore.categories')}
        </h3>
        {CATEGORIES.map((category) => (
          <div key={category.heading} className="mt-3">
            <p id={`${id}-${category.heading}`} className="text-sm text-slate-600">
              {t(category.heading)}
            </p>
            <ul aria-labelledby={`${id}-${category.heading}`} className="mt-2 flex flex-wrap gap-2">
              {category.links.map((link) => (
                <li key={link.type}>
                  <CategoryLink {...link} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </section>
  );
}

/** Every category as one row of links under the home search: on a phone, in the first screen. */
export function CategoryChips() {
  const links = CATEGORIES.flatMap((category) => category.links);
  return (
    <nav aria-label={t('home.categories')} className="border-b border-slate-200 bg-white">
      <ul className="container-page flex gap-2 overflow-x-auto py-3">
        {links.map((link) => (
          <li key={link.type} className="shrink-0">
            <CategoryLink {...link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One category's list, as a chip. */
function CategoryLink({ type, to }: { type: ListingType; to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:border-brand-700 hover:bg-brand-50 hover:text-brand-800"
    >
      {t(`type.${type}`)}
    </Link>
  );
}
