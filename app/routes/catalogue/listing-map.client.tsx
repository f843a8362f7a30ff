/**
 * The map of the listings a list shows (app/routes/catalogue/map.tsx loads it lazily, in the
 * browser only): Leaflet over the configured tiles, the districts' outlines, a price marker per
 * listing and a count per cluster (supercluster), a card on a tap or Enter, and "Search this
 * area" once the visitor has moved the map. The list below the map stays the accessible view;
 * the markers and the card are reachable by keyboard too.
 */
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Supercluster from 'supercluster';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatPrice } from '#lib/format.ts';
import { RWANDA_BOUNDS, APPROXIMATE_RADIUS_M } from '#lib/geo.ts';
import { t, tCount } from '#lib/i18n.pages.ts';
import { parseNear } from '#lib/landmarks.ts';
import { NEAR_RADIUS_DEFAULT_KM } from '#lib/limits.ts';
import {
  formatShortPrice,
  KIGALI_CENTRE,
  KIGALI_ZOOM,
  OUTLINES_CREDIT,
  searchAreaOf,
  type MapCredit,
  type MapTiles,
  type SearchArea,
} from '#lib/map.ts';
import type { MapPoint } from '#modules/catalogue/catalogue.schema.ts';
import { Icon } from '#app/components/icon.tsx';
import { Link } from '#app/components/link.tsx';
import { listingPath } from '#app/listing-kind.ts';

/** The deepest zoom: streets. Clusters of listings at one place stay clusters up to it. */
const MAX_ZOOM = 18;
/** A tile server answering nothing for this long has no map to give. */
const TILES_WAIT_MS = 8000;
/** From this zoom an approximate point shows the circle its listing lies in. */
const CIRCLE_ZOOM = 15;
/** The pane of the districts' names, when there is no background to name places. */
const DISTRICT_LABELS_PANE = 'districtLabels';
/** Below this zoom the districts' names would cover one another. */
const DISTRICT_LABELS_ZOOM = 9;
/** A fit to the listings goes no closer than this (one listing would fill the map). */
const FIT_MAX_ZOOM = 15;

type Cluster = Supercluster<MapPoint>;
type Selection = { points: MapPoint[]; isByKeyboard: boolean };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Credits as Leaflet shows them: each linked to its licence or source, when it has one. */
function creditsHtml(credits: readonly MapCredit[]): string {
  return credits
    .map(({ text, href }) =>
      href
        ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(text)}</a>`
        : escapeHtml(text),
    )
    .join(' | ');
}

/** What a marker says to a screen reader: the listing, its price, and an area for a sector's. */
function markerLabel(point: MapPoint): string {
  const parts = [point.title, formatPrice(point.price, point.pricePeriod)];
  if (point.locationPrecision === 'sector') parts.push(t('map.approximateArea'));
  return parts.join(', ');
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function ListingMap({
  points,
  tiles,
  near,
  radiusKm,
  isSearching,
  onSearchArea,
}: {
  points: MapPoint[];
  tiles: MapTiles;
  /** The list's `near` filter: the map opens on its circle. */
  near: string | undefined;
  radiusKm: number | undefined;
  /** Whether the page is loading a new list (the button waits). */
  isSearching: boolean;
  onSearchArea: (area: SearchArea) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markersRef = useRef<L.LayerGroup | null>(null);
  const indexRef = useRef<Cluster | null>(null);
  /** The markers drawn, by listing id: where the focus returns when a card closes. */
  const drawnRef = useRef(new Map<string, L.Marker>());
  const selectedIdsRef = useRef<string[]>([]);
  /** True while the map moves to show the listings: no "Search this area" for that move. */
  const isFittingRef = useRef(false);
  /** The area "Search this area" last asked for: its answer keeps the visitor's view. */
  const searchedNearRef = useRef<string | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const [outlines, setOutlines] = useState<L.GeoJSON | null>(null);
  const [isBackgroundUnavailable, setBackgroundUnavailable] = useState(false);
  const [hasMoved, setMoved] = useState(false);
  const [selection, setSelection] = useState<Selection | null>(null);

  const select = useCallback((selected: MapPoint[], isByKeyboard: boolean) => {
    setSelection({ points: selected, isByKeyboard });
  }, []);

  /** Draws the clusters and markers of the visible area, at the map's zoom. */
  const draw = useCallback(() => {
    const map = mapRef.current;
    const layer = markersRef.current;
    const index = indexRef.current;
    if (!map || !layer || !index) return;
    layer.clearLayers();
    const drawn = new Map<string, L.Marker>();
    const zoom = Math.round(map.getZoom());
    const bounds = map.getBounds().pad(0.2);
    const features = index.getClusters(
      [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      zoom,
    );
    for (const feature of features) {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties;
      if ('cluster_id' in properties) {
        const id = properties.cluster_id as number;
        const count = properties.point_count as number;
        const size = Math.round(34 + Math.min(26, Math.log2(count) * 5));
        const marker = L.marker([latitude, longitude], {
          icon: L.divIcon({
            className: 'map-cluster',
            html: `<span style="--size:${size}px">${count}</span>`,
            // Sized by its label (map.css).
            iconSize: undefined,
          }),
          keyboard: true,
          riseOnHover: true,
        });
        const open = (isByKeyboard: boolean) => {
          const expansion = index.getClusterExpansionZoom(id);
          if (expansion <= map.getMaxZoom() && expansion > map.getZoom()) {
            map.setView([latitude, longitude], expansion, { animate: !prefersReducedMotion() });
          } else {
            // Listings at one place (a sector's centre): no zoom parts them, the card lists them.
            const leaves = index.getLeaves(id, Infinity).map((leaf) => leaf.properties);
            select(leaves, isByKeyboard);
          }
        };
        marker.on('click', () => open(false));
        marker.on('keypress', (event) => {
          const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
          if (key === 'Enter' || key === ' ') open(true);
        });
        marker.on('add', () => {
          marker.getElement()?.setAttribute('aria-label', tCount('map.here', count, { count }));
        });
        layer.addLayer(marker);
        continue;
      }
      const point = properties;
      const isSelected = selectedIdsRef.current.includes(point.id);
      const classes = [
        'map-price',
        point.locationPrecision === 'sector' ? 'is-area' : '',
        isSelected ? 'is-selected' : '',
      ];
      const marker = L.marker([latitude, longitude], {
        icon: L.divIcon({
          className: classes.filter(Boolean).join(' '),
          html: `<span>${escapeHtml(formatShortPrice(point.price))}</span>`,
          iconSize: undefined,
        }),
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: isSelected ? 1000 : 0,
      });
      marker.on('click', () => select([point], false));
      marker.on('keypress', (event) => {
        const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
        if (key === 'Enter' || key === ' ') select([point], true);
      });
      marker.on('add', () => marker.getElement()?.setAttribute('aria-label', markerLabel(point)));
      layer.addLayer(marker);
      drawn.set(point.id, marker);
      if (point.locationPrecision === 'approximate' && zoom >= CIRCLE_ZOOM) {
        // The listing lies somewhere in this circle, never exactly at the marker.
        layer.addLayer(
          L.circle([latitude, longitude], {
            radius: APPROXIMATE_RADIUS_M,
            color: '#047857',
            weight: 1,
            opacity: 0.5,
            fillOpacity: 0.08,
            interactive: false,
          }),
        );
      }
    }
    drawnRef.current = drawn;
  }, [select]);

  // The map, its controls, its background and the districts, made once.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let isGone = false;
    const map = L.map(container, {
      zoomControl: false,
      attributionControl: false,
      maxZoom: MAX_ZOOM,
      minZoom: 8,
      // Half steps: a fit to the listings or to a search's circle fills the view more closely.
      zoomSnap: 0.5,
      maxBounds: L.latLngBounds(
        [RWANDA_BOUNDS.south - 0.5, RWANDA_BOUNDS.west - 0.5],
        [RWANDA_BOUNDS.north + 0.5, RWANDA_BOUNDS.east + 0.5],
      ),
      maxBoundsViscosity: 0.8,
    });
    mapRef.current = map;
    const attribution = L.control
      .attribution({
        position: 'bottomright',
        prefix: '<a href="https://leafletjs.com" target="_blank" rel="noopener">Leaflet</a>',
      })
      .addTo(map);
    // The outlines' licence asks for their credit on every map drawn with them.
    attribution.addAttribution(creditsHtml([OUTLINES_CREDIT]));
    L.control
      .zoom({
        position: 'bottomright',
        zoomInTitle: t('map.zoomIn'),
        zoomOutTitle: t('map.zoomOut'),
      })
      .addTo(map);
    markersRef.current = L.layerGroup().addTo(map);
    // District names go under the markers (Leaflet's tooltips would cover them).
    map.createPane(DISTRICT_LABELS_PANE).style.zIndex = '450';
    // Far out, the districts' names overlap: they show from DISTRICT_LABELS_ZOOM on.
    const showLabelsByZoom = () =>
      container.classList.toggle('is-far', map.getZoom() < DISTRICT_LABELS_ZOOM);
    map.on('zoomend', showLabelsByZoom);

    let loadedTiles = 0;
    const waiting = window.setTimeout(() => {
      if (loadedTiles === 0) setBackgroundUnavailable(true);
    }, TILES_WAIT_MS);
    const watchTiles = (layer: L.GridLayer) => {
      layer.on('tileload', () => {
        loadedTiles += 1;
        setBackgroundUnavailable(false);
      });
      // Without any tile (no network to the tile server, as on a test machine) the markers and
      // outlines still draw, and the visitor is told the background is missing.
      layer.on('tileerror', () => {
        if (loadedTiles === 0) setBackgroundUnavailable(true);
      });
      layer.addTo(map).bringToBack();
    };
    const tileOptions = { maxZoom: MAX_ZOOM, attribution: creditsHtml(tiles.credits) };
    if (tiles.kind === 'xyz') {
      watchTiles(L.tileLayer(tiles.url, tileOptions));
    } else {
      void import('pmtiles').then(({ PMTiles, leafletRasterLayer }) => {
        if (isGone) return;
        // pmtiles' layer extends the global Leaflet (Leaflet's own build sets it; this is sure).
        (window as { L?: typeof L }).L ??= L;
        watchTiles(leafletRasterLayer(new PMTiles(tiles.url), tileOptions) as L.GridLayer);
      });
    }

    void fetch('/api/places/outlines')
      .then((answer) => (answer.ok ? answer.json() : undefined))
      .then((geoJson: Parameters<typeof L.geoJSON>[0] | undefined) => {
        if (!geoJson || isGone) return;
        const layer = L.geoJSON(geoJson, {
          interactive: false,
          style: { color: '#047857', weight: 1.5, opacity: 0.6, fillOpacity: 0 },
        }).addTo(map);
        layer.bringToBack();
        setOutlines(layer);
      })
      .catch(() => undefined);

    map.on('moveend', () => {
      draw();
      if (!isFittingRef.current) setMoved(true);
    });
    return () => {
      isGone = true;
      window.clearTimeout(waiting);
      map.remove();
      mapRef.current = null;
      markersRef.current = null;
    };
    // The tiles and the drawing are the page's for its life: made once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Without a background, the districts' names say where the listings are.
  useEffect(() => {
    if (!outlines || !isBackgroundUnavailable) return;
    // Rwanda in white over the grey of no map at all.
    outlines.setStyle({ fillColor: '#f8fafc', fillOpacity: 0.8 });
    outlines.eachLayer((layer) => {
      const name = (layer as L.Polygon & { feature?: { properties?: { name?: string } } }).feature
        ?.properties?.name;
      if (name) {
        layer.bindTooltip(name, {
          permanent: true,
          direction: 'center',
          className: 'map-district-label',
          pane: DISTRICT_LABELS_PANE,
          interactive: false,
        });
      }
    });
    return () => {
      outlines.setStyle({ fillOpacity: 0 });
      outlines.eachLayer((layer) => layer.unbindTooltip());
    };
  }, [outlines, isBackgroundUnavailable]);

  // The listings: clustered anew for each list, the map fitted to them (or to the circle of
  // the list's `near`), unless this list answers the visitor's "Search this area".
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    indexRef.current = new Supercluster<MapPoint>({ radius: 60, maxZoom: MAX_ZOOM }).load(
      points.map((point) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
        properties: point,
      })),
    );
    setSelection(null);
    const isSearchedArea = near !== undefined && near === searchedNearRef.current;
    const centre = near ? parseNear(near) : undefined;
    const reachKm = radiusKm ?? NEAR_RADIUS_DEFAULT_KM;
    // The area a "near" list covers, dashed: what lies outside it is not in the list.
    const reach = centre
      ? L.circle([centre.latitude, centre.longitude], {
          radius: reachKm * 1000,
          color: '#0f172a',
          weight: 1.5,
          dashArray: '6 6',
          fill: false,
          interactive: false,
        }).addTo(map)
      : undefined;
    isFittingRef.current = true;
    try {
      if (isSearchedArea) {
        draw();
      } else {
        if (centre) {
          const circle = L.latLng(centre.latitude, centre.longitude).toBounds(reachKm * 2000);
          map.fitBounds(circle, { animate: false });
        } else if (points.length > 0) {
          const bounds = L.latLngBounds(points.map((point) => [point.latitude, point.longitude]));
          map.fitBounds(bounds, { padding: [48, 48], maxZoom: FIT_MAX_ZOOM, animate: false });
        } else {
          map.setView([KIGALI_CENTRE.latitude, KIGALI_CENTRE.longitude], KIGALI_ZOOM, {
            animate: false,
          });
        }
      }
    } finally {
      isFittingRef.current = false;
    }
    setMoved(false);
    return () => {
      reach?.remove();
    };
  }, [points, near, radiusKm, draw]);

  // The chosen markers stand out; a card opened by keyboard takes the focus.
  useEffect(() => {
    selectedIdsRef.current = selection?.points.map((point) => point.id) ?? [];
    draw();
    if (selection?.isByKeyboard) cardRef.current?.focus();
  }, [selection, draw]);

  const close = useCallback(() => {
    const ids = selectedIdsRef.current;
    const isByKeyboard = selection?.isByKeyboard;
    setSelection(null);
    if (!isByKeyboard) return;
    // Back to the marker the card came from (drawn anew meanwhile), else to the map.
    window.requestAnimationFrame(() => {
      const marker = ids.map((id) => drawnRef.current.get(id)).find(Boolean);
      (marker?.getElement() ?? containerRef.current)?.focus();
    });
  }, [selection]);

  const searchArea = () => {
    const map = mapRef.current;
    if (!map) return;
    const bounds = map.getBounds();
    const area = searchAreaOf({
      south: bounds.getSouth(),
      west: bounds.getWest(),
      north: bounds.getNorth(),
      east: bounds.getEast(),
    });
    searchedNearRef.current = area.near;
    setMoved(false);
    onSearchArea(area);
  };

  return (
    <>
      <div ref={containerRef} className="listing-map absolute inset-0" />
      <div className="pointer-events-none absolute inset-x-2 top-2 z-[1000] flex flex-col items-center gap-2">
        {isBackgroundUnavailable && (
          <p
            role="status"
            className="rounded-lg bg-white/95 px-3 py-2 text-center text-sm font-medium text-slate-800 shadow"
          >
            {t('map.unavailable')}
          </p>
        )}
        {(hasMoved || isSearching) && (
          <button
            type="button"
            onClick={searchArea}
            disabled={isSearching}
            className="button-primary pointer-events-auto shadow-lg"
          >
            <Icon name="search" />
            {t('map.searchArea')}
          </button>
        )}
      </div>
      {selection && <MapCard ref={cardRef} points={selection.points} onClose={close} />}
    </>
  );
}

/**
 * What a tap on a marker shows: its listing (photo, price, title and link), or the listings at
 * one place. Escape or the close button closes it. It leaves the credits in the map's corner in
 * view (above them on a phone, on the other side on a wide screen).
 */
function MapCard({
  ref,
  points,
  onClose,
}: {
  ref: React.Ref<HTMLDivElement>;
  points: MapPoint[];
  onClose: () => void;
}) {
  const label =
    points.length === 1
      ? points[0]!.title
      : tCount('map.here', points.length, { count: points.length });
  return (
    <div
      ref={ref}
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="absolute inset-x-2 bottom-10 z-[1000] max-h-[70%] overflow-y-auto rounded-xl bg-white p-3 pr-12 shadow-xl sm:inset-x-auto sm:bottom-3 sm:left-3 sm:w-96"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label={t('map.close')}
        className="absolute top-1 right-1 flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      >
        <Icon name="close" />
      </button>
      {points.length > 1 && <p className="mb-3 text-sm font-semibold text-slate-700">{label}</p>}
      <ul className="space-y-3">
        {points.map((point) => (
          <li key={point.id} className="flex gap-3">
            <img
              src={point.photo ?? '/placeholder.svg'}
              alt=""
              width={96}
              height={72}
              className="h-18 w-24 shrink-0 rounded-lg bg-slate-200 object-cover"
            />
            <div className="min-w-0">
              <p className="font-bold text-brand-800">
                {formatPrice(point.price, point.pricePeriod)}
              </p>
              <Link
                to={listingPath(point.kind, point.id)}
                className="line-clamp-2 font-semibold text-slate-900 underline-offset-2 hover:underline"
              >
                {point.title}
              </Link>
              <p className="text-sm text-slate-600">
                {t(`type.${point.type}`)} ·{' '}
                {point.offer === 'Rent' ? t('listing.forRent') : t('listing.forSale')}
              </p>
              {point.locationPrecision !== 'exact' && (
                <p className="text-xs text-slate-600">
                  {point.locationPrecision === 'sector'
                    ? t('map.approximateArea')
                    : t('map.approximatePoint')}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
