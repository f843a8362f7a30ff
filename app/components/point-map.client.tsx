/**
 * The small map of the point fields, where a seller drags the pin or taps the place. Browser
 * only (`.client`): Leaflet reads `window` as it loads. PointFields imports this module only when
 * "Place the pin on a map" is tapped, so Leaflet and its styles are a chunk of their own that
 * the forms' JavaScript does not carry.
 */
import { useEffect, useRef, useState } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { RWANDA_BOUNDS, type Point } from '#lib/geo.ts';
import { t } from '#lib/i18n.pages.ts';
import { KIGALI_CENTRE, OSM_CREDIT, OSM_TILES_URL } from '#lib/map.ts';

export type PointMapProps = {
  /** The point the numbers hold, or none yet (the map opens on Kigali). */
  point: Point | undefined;
  /** A place dragged or tapped to. */
  onPick: (point: Point) => void;
};

/** OpenStreetMap's credit, as Leaflet's corner shows it (HTML). */
const TILES_ATTRIBUTION = `<a href="${OSM_CREDIT.href}">${OSM_CREDIT.text}</a>`;
const PIN_SVG =
  '<svg viewBox="0 0 30 40" width="30" height="40" aria-hidden="true">' +
  '<path d="M15 39C12 32 2 26 2 15a13 13 0 1 1 26 0c0 11-10 17-13 24z" fill="#047857" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="15" cy="15" r="5" fill="#fff"/></svg>';

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A Leaflet map with OpenStreetMap's tiles and one draggable pin. Where the tiles cannot load
 * (offline, or blocked), the pin still works over the empty background, with a note saying so.
 */
export function PointMap({ point, onPick }: PointMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const onPickRef = useRef(onPick);
  const [hasTileError, setTileError] = useState(false);

  useEffect(() => {
    onPickRef.current = onPick;
  }, [onPick]);

  // The map is made once; the point moves its pin (the effect below).
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const opening = point ?? KIGALI_CENTRE;
    const start: L.LatLngTuple = [opening.latitude, opening.longitude];
    const rwanda = L.latLngBounds(
      [RWANDA_BOUNDS.south, RWANDA_BOUNDS.west],
      [RWANDA_BOUNDS.north, RWANDA_BOUNDS.east],
    );
    const map = L.map(container, {
      center: start,
      zoom: point ? 17 : 13,
      minZoom: 8,
      maxZoom: 19,
      maxBounds: rwanda.pad(0.1),
    });
    const tiles = L.tileLayer(OSM_TILES_URL, { maxZoom: 19, attribution: TILES_ATTRIBUTION });
    tiles.on('tileerror', () => setTileError(true));
    tiles.addTo(map);
    const marker = L.marker(start, {
      draggable: true,
      autoPan: true,
      title: t('point.pinLabel'),
      alt: t('point.pinLabel'),
      icon: L.divIcon({
        className: 'point-map-pin',
        html: PIN_SVG,
        iconSize: [30, 40],
        iconAnchor: [15, 39],
      }),
    }).addTo(map);
    const pick = (at: L.LatLng) =>
      onPickRef.current({ latitude: round6(at.lat), longitude: round6(at.lng) });
    marker.on('dragend', () => pick(marker.getLatLng()));
    map.on('click', (event: L.LeafletMouseEvent) => {
      if (!rwanda.contains(event.latlng)) return;
      marker.setLatLng(event.latlng);
      pick(event.latlng);
    });
    mapRef.current = map;
    markerRef.current = marker;
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
    // Made once: later points move the pin without making the map again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    const marker = markerRef.current;
    if (!map || !marker || !point) return;
    const at = L.latLng(point.latitude, point.longitude);
    if (marker.getLatLng().equals(at)) return;
    marker.setLatLng(at);
    if (!map.getBounds().contains(at)) map.setView(at, Math.max(map.getZoom(), 16));
  }, [point]);

  return (
    <div className="space-y-1">
      <div
        ref={containerRef}
        role="region"
        aria-label={t('point.mapLabel')}
        className="isolate z-0 h-64 w-full rounded-lg border border-slate-300 bg-slate-100 sm:h-80"
      />
      {hasTileError && <p className="text-xs text-slate-600">{t('point.tilesFailed')}</p>}
    </div>
  );
}
