import type { Point } from './geo.ts';
import { DISTRICT_CENTRES, SECTOR_CENTRES } from './places.points.ts';

/**
 * Where a listing or request without a pin is shown: its sector's centre, or its district's when
 * it names no sector (official names, as lib/places.ts spells them). Undefined for a name the
 * data does not know.
 */
export function placeCentre(district: string, sector: string | null): Point | undefined {
  const centre = sector ? SECTOR_CENTRES[district]?.[sector] : DISTRICT_CENTRES[district];
  return centre ? { latitude: centre[0], longitude: centre[1] } : undefined;
}
