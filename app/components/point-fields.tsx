import { useEffect, useRef, useState, type ChangeEvent, type ComponentType } from 'react';
import { useIsHydrated } from '#app/use-is-hydrated.ts';
import { isInRwanda, type Point } from '#lib/geo.ts';
import { t } from '#lib/i18n.pages.ts';
import { MAP_LINK_MAX_LENGTH } from '#lib/limits.ts';
import { FormField } from './form-field.tsx';
import type { PointMapProps } from './point-map.client.tsx';
import {
  formatCoordinate,
  initialPointFields,
  isWholeEntry,
  readCoordinates,
  readMapLink,
  type PointValues,
} from './point-input.ts';

type MapState =
  | { state: 'closed' }
  | { state: 'loading' }
  | { state: 'open'; PointMap: ComponentType<PointMapProps> }
  | { state: 'failed' };

/** Sets an input's value as typing would, so the form's onInput clears a stale error. */
function setInputValue(input: HTMLInputElement | null, value: string) {
  if (!input || input.value === value) return;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Where exactly a listing or request is, optional: a pasted Google Maps or OpenStreetMap link
 * (`mapLink`), or the two numbers (`latitude`, `longitude`), and whether the public sees the
 * exact pin or a circle of about 300 m (`locationPrecision`, approximate by default). Without
 * JavaScript these post as they are and the server reads the link. Once the page runs, a link is
 * read at once into the numbers, "Use my current location" asks the phone (only when tapped),
 * and "Place the pin on a map" loads a small map (Leaflet, its own chunk, only when tapped) to
 * drag the pin on.
 */
export function PointFields({
  values,
  errors,
}: {
  /** The owner's point and its precision (a view's exactLatitude, exactLongitude, …). */
  values: PointValues;
  errors: Record<string, string | undefined>;
}) {
  const initial = initialPointFields(values);
  const isRunning = useIsHydrated();
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const latitudeRef = useRef<HTMLInputElement>(null);
  const longitudeRef = useRef<HTMLInputElement>(null);
  const previousLink = useRef('');
  const [point, setPoint] = useState(() => readCoordinates(initial.latitude, initial.longitude));
  const [linkError, setLinkError] = useState<string>();
  const [status, setStatus] = useState('');
  const [isLocating, setLocating] = useState(false);
  const [mapView, setMapView] = useState<MapState>({ state: 'closed' });

  // A form reset (after a listing is created) empties the inputs: the rest follows.
  useEffect(() => {
    const form = fieldsetRef.current?.form;
    if (!form) return;
    const onReset = () => {
      previousLink.current = '';
      setPoint(readCoordinates(initial.latitude, initial.longitude));
      setLinkError(undefined);
      setStatus('');
      setMapView({ state: 'closed' });
    };
    form.addEventListener('reset', onReset);
    return () => form.removeEventListener('reset', onReset);
  }, [initial.latitude, initial.longitude]);

  /** Puts a point into the number inputs (and on the map). */
  const fillNumbers = (next: Point) => {
    setInputValue(latitudeRef.current, formatCoordinate(next.latitude));
    setInputValue(longitudeRef.current, formatCoordinate(next.longitude));
    setPoint(next);
  };

  /** Reads the link field's text: its point goes into the numbers, or its error shows. */
  const readLinkField = (text: string) => {
    const read = readMapLink(text);
    if ('error' in read) {
      setLinkError(t(read.error));
      return;
    }
    fillNumbers(read.point);
    previousLink.current = '';
    setInputValue(linkRef.current, '');
    setLinkError(undefined);
    setStatus(t('point.linkRead'));
  };

  // A pasted link is read at once; one typed by hand when the field is left, so that a pair
  // half typed ("-1.95, 30.0") is not taken for the place.
  const onLinkChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    const wasWhole = isWholeEntry(previousLink.current, text);
    previousLink.current = text;
    if (wasWhole && text.trim() !== '') readLinkField(text);
    else setLinkError(undefined);
  };

  const onLinkBlur = () => {
    const text = linkRef.current?.value ?? '';
    if (text.trim() !== '') readLinkField(text);
  };

  const onNumbersChange = () => {
    const next = readCoordinates(
      latitudeRef.current?.value ?? '',
      longitudeRef.current?.value ?? '',
    );
    if (next) setPoint(next);
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setStatus(t('point.locationFailed'));
      return;
    }
    setLocating(true);
    setStatus(t('point.locating'));
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const found = { latitude: coords.latitude, longitude: coords.longitude };
        if (!isInRwanda(found)) {
          setStatus(t('place.outsideRwanda'));
          return;
        }
        fillNumbers(found);
        setStatus(t('point.located'));
      },
      () => {
        setLocating(false);
        setStatus(t('point.locationFailed'));
      },
      // The seller is usually at the place: the phone's best fix, not a remembered one.
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  };

  const toggleMap = () => {
    if (mapView.state === 'open' || mapView.state === 'loading') {
      setMapView({ state: 'closed' });
      return;
    }
    setMapView({ state: 'loading' });
    import('./point-map.client.tsx').then(
      // Closed again while it loaded: it stays closed.
      (module) =>
        setMapView((current) =>
          current.state === 'loading' ? { state: 'open', PointMap: module.PointMap } : current,
        ),
      () => setMapView((current) => (current.state === 'loading' ? { state: 'failed' } : current)),
    );
  };

  const isMapShown = mapView.state === 'open' || mapView.state === 'loading';
  return (
    <fieldset
      ref={fieldsetRef}
      className="space-y-4 rounded-lg border border-slate-200 p-4 sm:col-span-2"
    >
      <legend className="px-1 text-lg font-semibold">{t('point.legend')}</legend>
      <p className="text-sm text-slate-700">{t('point.intro')}</p>

      {isRunning && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <button
            type="button"
            className="button-secondary w-full sm:w-auto"
            onClick={locate}
            disabled={isLocating}
          >
            {t('point.useMyLocation')}
          </button>
          <button
            type="button"
            className="button-secondary w-full sm:w-auto"
            onClick={toggleMap}
            aria-expanded={isMapShown}
            aria-controls="point-map"
          >
            {isMapShown ? t('point.hideMap') : t('point.placeOnMap')}
          </button>
        </div>
      )}
      <p role="status" className="text-sm font-medium text-brand-800 empty:hidden">
        {status}
      </p>

      {isMapShown && (
        <div id="point-map" className="space-y-2">
          <p className="text-sm text-slate-700">{t('point.mapHelp')}</p>
          {mapView.state === 'open' ? (
            <mapView.PointMap point={point} onPick={fillNumbers} />
          ) : (
            <p className="flex h-64 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600">
              {t('point.mapLoading')}
            </p>
          )}
        </div>
      )}
      {mapView.state === 'failed' && (
        <p className="text-sm text-red-700" role="alert">
          {t('point.mapFailed')}
        </p>
      )}

      <FormField
        name="mapLink"
        label={t('point.mapLink')}
        hint={t('point.mapLinkHint')}
        error={linkError ?? errors.mapLink}
      >
        {(props) => (
          <input
            {...props}
            ref={linkRef}
            type="text"
            inputMode="url"
            autoComplete="off"
            maxLength={MAP_LINK_MAX_LENGTH}
            placeholder="https://maps.google.com/…"
            onChange={onLinkChange}
            onBlur={onLinkBlur}
          />
        )}
      </FormField>

      <div>
        <div className="grid grid-cols-2 gap-3">
          <FormField name="latitude" label={t('point.latitude')} error={errors.latitude}>
            {(props) => (
              <input
                {...props}
                ref={latitudeRef}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="-1.9536"
                defaultValue={initial.latitude}
                onChange={onNumbersChange}
              />
            )}
          </FormField>
          <FormField name="longitude" label={t('point.longitude')} error={errors.longitude}>
            {(props) => (
              <input
                {...props}
                ref={longitudeRef}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="30.0927"
                defaultValue={initial.longitude}
                onChange={onNumbersChange}
              />
            )}
          </FormField>
        </div>
        <p className="mt-1 text-xs text-slate-600">{t('point.numbersHint')}</p>
      </div>

      <fieldset
        className="space-y-2"
        aria-describedby={errors.locationPrecision ? 'field-locationPrecision-error' : undefined}
      >
        <legend className="field-label">{t('point.precisionLegend')}</legend>
        <label className="flex items-start gap-2 text-slate-800">
          <input
            id="field-locationPrecision"
            type="radio"
            name="locationPrecision"
            value="approximate"
            defaultChecked={initial.precision === 'approximate'}
            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
          />
          <span>
            {t('point.precisionApproximate')}
            <span className="block text-xs text-slate-600">
              {t('point.precisionApproximateHint')}
            </span>
          </span>
        </label>
        <label className="flex min-h-11 items-start gap-2 text-slate-800">
          <input
            type="radio"
            name="locationPrecision"
            value="exact"
            defaultChecked={initial.precision === 'exact'}
            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
          />
          {t('point.precisionExact')}
        </label>
        {errors.locationPrecision && (
          <p id="field-locationPrecision-error" className="field-error">
            {errors.locationPrecision}
          </p>
        )}
      </fieldset>
    </fieldset>
  );
}
