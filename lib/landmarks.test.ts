import { describe, expect, it } from 'vitest';
import { distanceKm } from './geo.ts';
import { findLandmark, LANDMARKS } from './landmarks.ts';

/** The City of Kigali, generously: every landmark must fall inside. */
const KIGALI = { south: -2.1, north: -1.8, west: 29.95, east: 30.3 };

describe('LANDMARKS', () => {
  it('lists a dozen or so places with unique kebab-case ascii ids', () => {
    expect(LANDMARKS.length).toBeGreaterThanOrEqual(12);
    expect(LANDMARKS.length).toBeLessThanOrEqual(16);
    const ids = LANDMARKS.map((landmark) => landmark.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it.each(LANDMARKS.map((landmark) => [landmark.id, landmark] as const))(
    'places %s in Kigali',
    (_id, { point }) => {
      expect(point.latitude).toBeGreaterThanOrEqual(KIGALI.south);
      expect(point.latitude).toBeLessThanOrEqual(KIGALI.north);
      expect(point.longitude).toBeGreaterThanOrEqual(KIGALI.west);
      expect(point.longitude).toBeLessThanOrEqual(KIGALI.east);
    },
  );

  it.each(LANDMARKS.map((landmark) => [landmark.id, landmark] as const))(
    'names %s in English, French and Kinyarwanda',
    (_id, { names }) => {
      for (const name of [names.en, names.fr, names.rw]) {
        expect(name.trim()).toBe(name);
        expect(name.length).toBeGreaterThan(0);
      }
      // Kinyarwanda writes its apostrophe in ASCII (cy'indege), never the typographic one.
      expect(names.rw).not.toMatch(/[’‘]/);
    },
  );

  it('keeps distinct places apart (no point pasted twice)', () => {
    for (const [index, a] of LANDMARKS.entries()) {
      for (const b of LANDMARKS.slice(index + 1)) {
        expect(distanceKm(a.point, b.point), `${a.id} / ${b.id}`).toBeGreaterThan(0.1);
      }
    }
  });
});

describe('findLandmark', () => {
  it('finds a landmark by its id', () => {
    expect(findLandmark('nyabugogo')?.names.rw).toBe('Gare ya Nyabugogo');
    expect(findLandmark('airport')?.names.fr).toBe('Aéroport international de Kigali (Kanombe)');
    for (const landmark of LANDMARKS) expect(findLandmark(landmark.id)).toBe(landmark);
  });

  it('answers undefined for an unknown id', () => {
    expect(findLandmark('eiffel-tower')).toBeUndefined();
    expect(findLandmark('')).toBeUndefined();
    expect(findLandmark('Nyabugogo')).toBeUndefined();
    expect(findLandmark('constructor')).toBeUndefined();
  });
});
