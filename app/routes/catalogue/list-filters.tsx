import { useEffect, useRef, useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import type { DistrictCount } from '#lib/pagination.ts';
import { formatDistance, formatRwf } from '#lib/format.ts';
import { currentLocale } from '#lib/i18n.ts';
import { t, tCount } from '#lib/i18n.pages.ts';
import { findLandmark, LANDMARKS } from '#lib/landmarks.ts';
import { NEAR_RADIUS_DEFAULT_KM } from '#lib/limits.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import { PRICE_PERIODS, type Lister, type ListingType } from '#lib/listing.ts';
import { sectorsOf } from '#lib/places.ts';
import { FilterSelect } from '#app/components/filter-select.tsx';
import { useIsHydrated } from '#app/use-is-hydrated.ts';
import { DistrictOptions } from '#app/components/place-fields.tsx';
import { Link } from '#app/components/link.tsx';
import {
  activeFilters,
  filterFieldValues,
  LIST_RESULTS_ID,
  listSearch,
  type ActiveFilter,
} from './filter-query.ts';
import type { Widening } from './filtered-list.server.ts';

const ROOM_CHOICES = [1, 2, 3, 4, 5] as const;

/** What an active filter reads as, in a chip or a "without …" link. */
export function filterLabel(filter: Pick<ActiveFilter, 'key' | 'value'>): string {
  const { key, value } = filter;
  switch (key) {
    case 'offer':
      return value === 'Rent' ? t('listing.forRent') : t('listing.forSale');
    case 'minPrice':
      return t('filters.chip.minPrice', { amount: formatRwf(Number(value)) });
    case 'maxPrice':
      return t('filters.chip.maxPrice', { amount: formatRwf(Number(value)) });
    case 'pricePeriod':
      return t(`price.per.${value as (typeof PRICE_PERIODS)[number]}`);
    case 'bedrooms':
      return tCount('filters.chip.bedrooms', Number(value));
    case 'bathrooms':
      return tCount('filters.chip.bathrooms', Number(value));
    case 'district':
    case 'sector':
      return String(value);
    case 'listedBy':
      return t(`filters.chip.listedBy.${value as Lister}`);
    case 'near':
      return t('filters.chip.near', { place: nearName(String(value)) });
    case 'radiusKm':
      return t('filters.chip.radius', { distance: formatDistance(Number(value)) });
  }
}

/** A `near` filter's place as a visitor reads it: the landmark's name, or "the place chosen". */
function nearName(near: string): string {
  return findLandmark(near)?.names[currentLocale()] ?? t('filters.nearPoint');
}

/**
 * A cell of the filters' grid: no wider than its column, whatever its longest choice, and its
 * control at the cell's foot, so that a label on two lines leaves a row's controls in line.
 */
const CELL = 'flex min-w-0 flex-col justify-end';

/** Below Tailwind's `sm`: a phone, where the open filters fill the screen. */
const PHONE_MEDIA = '(max-width: 639.98px)';

/**
 * The filters and order of a type list: a GET form, so that every choice is in the URL (to share
 * or bookmark) and works without JavaScript; with it, a changed choice applies at once, while
 * prices apply with the button or Enter.
 *
 * The controls follow the address: a link that changes the filters (a district chip, "Clear
 * filters", Back) keeps this form mounted, and its uncontrolled fields would otherwise keep
 * showing, and then submitting, the choices of the page before.
 */
export function ListFilters({
  query,
  hasRooms,
  kept = {},
  action,
  isOpen,
  types,
  type,
}: {
  query: ListQuery;
  hasRooms: boolean;
  /** The page the form leads to, when not this one. */
  action?: string;
  /** Parameters of the page the filters keep (a search's text and catalogue). */
  kept?: Record<string, string>;
  /** Whether the filters show open; by default, when any is set. */
  isOpen?: boolean;
  /** The types to choose among, where the list holds several (the search's catalogue). */
  types?: readonly ListingType[];
  /** The type chosen among `types`, if any. */
  type?: ListingType;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const isShowingResults = useRef(false);
  const active = activeFilters(query);
  const setCount = active.length + (type ? 1 : 0);
  const { values, isOwnerOnly } = filterFieldValues(query);
  const shownValues = JSON.stringify([values, isOwnerOnly]);
  // Opens when the address sets a filter (a chip, Back) and stays as the visitor leaves it; but
  // the filters that Apply sets on a phone do not open again the panel it closed to show results.
  const isOpenByAddress = isOpen ?? setCount > 0;
  const [isPanelOpen, setPanelOpen] = useState(isOpenByAddress);
  const [isClosedByApply, setClosedByApply] = useState(false);
  const [addressValues, setAddressValues] = useState(shownValues);
  if (addressValues !== shownValues) {
    setAddressValues(shownValues);
    setPanelOpen(isClosedByApply ? false : isPanelOpen || isOpenByAddress);
    setClosedByApply(false);
  }
  const lastShown = useRef<Record<string, string>>(values);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // Read back from its text: the effect runs when the choices change, not on every render.
    const [shown, isOwnerOnlyShown] = JSON.parse(shownValues) as [typeof values, boolean];
    for (const [name, value] of Object.entries(shown)) {
      const field = form.elements.namedItem(name);
      if (!(field instanceof HTMLSelectElement || field instanceof HTMLInputElement)) continue;
      // A price being typed while the last choice loads is the visitor's next choice: keep it.
      const isBeingTyped =
        field === document.activeElement && field.value !== (lastShown.current[name] ?? '');
      if (!isBeingTyped) field.value = value;
    }
    lastShown.current = shown;
    const ownerOnly = form.elements.namedItem('listedBy');
    if (ownerOnly instanceof HTMLInputElement) ownerOnly.checked = isOwnerOnlyShown;
  }, [shownValues]);
  useEffect(() => {
    if (navigation.state !== 'idle' || !isShowingResults.current) return;
    isShowingResults.current = false;
    const results = document.getElementById(LIST_RESULTS_ID);
    if (!results) return;
    results.focus({ preventScroll: true });
    results.scrollIntoView({ block: 'start' });
  }, [navigation.state]);
  const applyOnChange = (event: React.ChangeEvent<HTMLFormElement>) => {
    const isCheckbox = event.target instanceof HTMLInputElement && event.target.type === 'checkbox';
    if (event.target instanceof HTMLSelectElement || isCheckbox) {
      // A new district has other sectors: the one chosen before no longer applies.
      const sector = event.currentTarget.elements.namedItem('sector');
      if (event.target.name === 'district' && sector instanceof HTMLSelectElement) {
        sector.value = '';
      }
      void submit(event.currentTarget, { preventScrollReset: true });
    }
  };
  // On a phone the open panel hides the results: Apply closes it and shows them.
  const showResultsOnPhone = () => {
    if (!window.matchMedia(PHONE_MEDIA).matches) return;
    setPanelOpen(false);
    setClosedByApply(true);
    isShowingResults.current = true;
  };
  return (
    <details
      className="filters w-full rounded-xl border border-slate-200 bg-white"
      open={isPanelOpen}
      onToggle={(event) => setPanelOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer px-4 py-3 font-semibold">
        {t('filters.title')}
        {setCount > 0 && (
          <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-sm text-brand-800">
            {setCount}
          </span>
        )}
      </summary>
      <Form
        ref={formRef}
        method="get"
        action={action}
        // Two columns on a phone, which fit 360 px as no cell grows past its column (CELL).
        className="grid grid-cols-2 gap-3 border-t border-slate-200 p-4 sm:grid-cols-3 lg:grid-cols-4"
        onChange={applyOnChange}
        onSubmit={showResultsOnPhone}
      >
        {Object.entries(kept).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {types && (
          <FilterSelect
            // A new type from a link (Clear filters, Back) draws the choice anew.
            key={type ?? ''}
            name="type"
            label={t('listing.type')}
            allLabel={t('request.anyType')}
            value={type ?? ''}
            className={CELL}
            options={types.map((choice) => ({ value: choice, label: t(`type.${choice}`) }))}
          />
        )}
        <FilterSelect
          name="offer"
          label={t('listing.offerFilter')}
          allLabel={t('listing.offerAll')}
          value={values.offer!}
          className={CELL}
          options={[
            { value: 'Rent', label: t('listing.forRent') },
            { value: 'Sale', label: t('listing.forSale') },
          ]}
        />
        <div className={CELL}>
          <label htmlFor="filter-district" className="field-label">
            {t('place.district')}
          </label>
          <select
            id="filter-district"
            name="district"
            defaultValue={values.district}
            className="field-input"
          >
            <option value="">{t('filters.allDistricts')}</option>
            <DistrictOptions />
          </select>
        </div>
        <FilterSelect
          name="sector"
          label={t('place.sector')}
          allLabel={t('filters.allSectors')}
          value={values.sector!}
          className={CELL}
          options={(query.district ? sectorsOf(query.district) : []).map((sector) => ({
            value: sector,
            label: sector,
          }))}
        />
        <NearFilter near={values.near!} radiusKm={values.radiusKm!} />
        <div className={CELL}>
          <label htmlFor="filter-sort" className="field-label">
            {t('listing.sort')}
          </label>
          <select id="filter-sort" name="sort" defaultValue={values.sort} className="field-input">
            <option value="newest">{t('listing.sort.newest')}</option>
            <option value="price_asc">{t('listing.sort.priceAsc')}</option>
            <option value="price_desc">{t('listing.sort.priceDesc')}</option>
            {values.near && <option value="distance">{t('listing.sort.distance')}</option>}
          </select>
        </div>
        <AmountFilter name="minPrice" label={t('filters.minPrice')} value={values.minPrice!} />
        <AmountFilter name="maxPrice" label={t('filters.maxPrice')} value={values.maxPrice!} />
        <FilterSelect
          name="pricePeriod"
          label={t('price.periodLabel')}
          allLabel={t('price.periodUsual')}
          value={values.pricePeriod!}
          className={CELL}
          options={PRICE_PERIODS.map((period) => ({
            value: period,
            label: t(`price.per.${period}`),
          }))}
        />
        {hasRooms &&
          (['bedrooms', 'bathrooms'] as const).map((rooms) => (
            <FilterSelect
              key={rooms}
              name={rooms}
              label={t(`listing.${rooms}`)}
              allLabel={t('filters.any')}
              value={values[rooms]!}
              className={CELL}
              options={ROOM_CHOICES.map((count) => ({
                value: String(count),
                label: t('filters.atLeast', { number: count }),
              }))}
            />
          ))}
        <label className="flex min-w-0 items-center gap-2 self-end py-2">
          <input
            type="checkbox"
            name="listedBy"
            value="owner"
            defaultChecked={isOwnerOnly}
            className="h-5 w-5 shrink-0"
          />
          {t('filters.chip.listedBy.owner')}
        </label>
        <div className="col-span-2 flex flex-wrap items-end gap-3 sm:col-span-3 lg:col-span-4">
          <button type="submit" className="button-primary">
            {t('listing.apply')}
          </button>
          {setCount > 0 && (
            <Link
              to={listSearch({ ...kept, page: 1, pageSize: query.pageSize, sort: query.sort })}
              className="underline"
            >
              {t('filters.clear')}
            </Link>
          )}
        </div>
      </Form>
    </details>
  );
}

const RADIUS_CHOICES = [1, 2, 5, 10, 20] as const;

/**
 * The radii to choose among: the usual ones, and the one the address sets when it is none of
 * them (the map's "Search this area" asks for the radius that covers the screen), so that the
 * form shows it and sends it on.
 */
function radiusChoices(radiusKm: string): number[] {
  const choices: number[] = RADIUS_CHOICES.filter((km) => km !== NEAR_RADIUS_DEFAULT_KM);
  const asked = Number(radiusKm);
  if (radiusKm && asked !== NEAR_RADIUS_DEFAULT_KM && !choices.includes(asked)) choices.push(asked);
  return choices.sort((a, b) => a - b);
}

/**
 * Where the listings should be near: a well-known place of Kigali (or the point a link or "Near
 * me" chose), and how far from it. "Near me" asks the phone for its place only when tapped.
 */
function NearFilter({ near, radiusKm }: { near: string; radiusKm: string }) {
  const submit = useSubmit();
  const [isLocating, setLocating] = useState(false);
  // Without JavaScript there is no asking the phone where it is.
  const isHydrated = useIsHydrated();
  const landmarks = [...LANDMARKS].sort((a, b) =>
    a.names[currentLocale()].localeCompare(b.names[currentLocale()]),
  );
  const locate = (event: React.MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!form || !('geolocation' in navigator)) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const data = new FormData(form);
        data.set('near', `${coords.latitude.toFixed(5)},${coords.longitude.toFixed(5)}`);
        data.set('sort', 'distance');
        void submit(data, { method: 'get', action: form.getAttribute('action') ?? undefined });
      },
      () => setLocating(false),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };
  return (
    <>
      <div className={CELL}>
        <label htmlFor="filter-near" className="field-label">
          {t('filters.near')}
        </label>
        <select id="filter-near" name="near" defaultValue={near} className="field-input">
          <option value="">{t('filters.nearAnywhere')}</option>
          {near && !findLandmark(near) && <option value={near}>{t('filters.nearPoint')}</option>}
          {landmarks.map((landmark) => (
            <option key={landmark.id} value={landmark.id}>
              {landmark.names[currentLocale()]}
            </option>
          ))}
        </select>
        {isHydrated && (
          <button
            type="button"
            onClick={locate}
            disabled={isLocating}
            className="mt-1 self-start text-sm font-medium text-brand-700 underline"
          >
            {t('filters.nearMe')}
          </button>
        )}
      </div>
      <FilterSelect
        name="radiusKm"
        label={t('filters.radius')}
        allLabel={formatDistance(NEAR_RADIUS_DEFAULT_KM)}
        value={radiusKm}
        className={CELL}
        options={radiusChoices(radiusKm).map((km) => ({
          value: String(km),
          label: formatDistance(km),
        }))}
      />
    </>
  );
}

/** A price bound, in whole francs, typed with the digit keyboard. */
function AmountFilter({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <div className={CELL}>
      <label htmlFor={`filter-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`filter-${name}`}
        name={name}
        inputMode="numeric"
        defaultValue={value}
        className="field-input"
      />
    </div>
  );
}

/** How many listings each district holds for the list's filters; each one a link to narrow. */
export function DistrictCounts({
  query,
  counts,
  basePath = '',
}: {
  query: ListQuery;
  counts: DistrictCount[];
  /** The list the links lead to, when not this page. */
  basePath?: string;
}) {
  if (counts.length === 0) return null;
  return (
    <nav aria-label={t('filters.byDistrict')}>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {counts.map(({ district, total, isTotalCapped }) => {
          const isCurrent = query.district === district;
          return (
            <li key={district} className="shrink-0">
              <Link
                to={
                  basePath +
                  listSearch(query, {
                    district: isCurrent ? undefined : district,
                    sector: undefined,
                  })
                }
                aria-current={isCurrent ? 'true' : undefined}
                className={`inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm ${
                  isCurrent
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-brand-700'
                }`}
              >
                {district}
                <span className={isCurrent ? 'text-white' : 'text-slate-600'}>
                  {isTotalCapped ? `${total}+` : total}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** No listing fits: say so, and offer to drop each filter, the one freeing the most first. */
export function WidenSearch({
  widenings,
  emptyText,
  basePath = '',
}: {
  widenings: Widening[];
  emptyText: string;
  /** The list the links lead to, when not this page. */
  basePath?: string;
}) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center">
      <h2 className="text-lg font-semibold">{t('filters.noResults')}</h2>
      {widenings.length === 0 ? (
        <p className="mt-2 text-slate-600">{emptyText}</p>
      ) : (
        <ul className="mt-4 flex flex-wrap justify-center gap-2">
          {widenings.map((widening, index) => (
            <li key={widening.key}>
              <Link
                to={basePath + listSearch(widening.without)}
                className={index === 0 ? 'button-primary' : 'button-secondary'}
              >
                {tCount('filters.widen', widening.total, {
                  count: widening.isTotalCapped ? `${widening.total}+` : widening.total,
                  filter: filterLabel(widening),
                })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
