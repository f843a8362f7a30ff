import { describe, expect, it } from 'vitest';
import {
  formatCoordinate,
  initialPointFields,
  isWholeEntry,
  readCoordinates,
  readMapLink,
} from './point-input.ts';

describe('initialPointFields', () => {
  it("starts an edit from the owner's own point and its precision", () => {
    expect(
      initialPointFields({
        exactLatitude: -1.9528,
        exactLongitude: 30.0926,
        locationPrecision: 'exact',
      }),
    ).toEqual({ latitude: '-1.9528', longitude: '30.0926', precision: 'exact' });
    expect(
      initialPointFields({
        exactLatitude: -1.9528,
        exactLongitude: 30.0926,
        locationPrecision: 'approximate',
      }),
    ).toEqual({ latitude: '-1.9528', longitude: '30.0926', precision: 'approximate' });
  });

  it("sets nothing when the public sees the sector's centre, and starts a new one approximate", () => {
    expect(
      initialPointFields({
        exactLatitude: null,
        exactLongitude: null,
        locationPrecision: 'sector',
      }),
    ).toEqual({ latitude: '', longitude: '', precision: 'approximate' });
    expect(initialPointFields({})).toEqual({
      latitude: '',
      longitude: '',
      precision: 'approximate',
    });
  });
});

describe('formatCoordinate', () => {
  it('writes at most 6 decimals, without trailing zeros or an exponent', () => {
    expect(formatCoordinate(-1.95280001)).toBe('-1.9528');
    expect(formatCoordinate(30.123456789)).toBe('30.123457');
    expect(formatCoordinate(30)).toBe('30');
    expect(formatCoordinate(-0.0000001)).toBe('0');
  });
});

describe('readMapLink', () => {
  it('reads the point of a Google Maps link', () => {
    expect(
      readMapLink('https://www.google.com/maps/place/Kigali+Heights/@-1.9528,30.0926,17z'),
    ).toEqual({ point: { latitude: -1.9528, longitude: 30.0926 } });
  });

  it("names the server's texts for what it cannot read", () => {
    expect(readMapLink('https://maps.app.goo.gl/AbCdEf123')).toEqual({
      error: 'place.mapLinkShort',
    });
    expect(readMapLink('my house near the market')).toEqual({ error: 'place.mapLinkNoPoint' });
    expect(readMapLink('https://www.openstreetmap.org/?mlat=48.85&mlon=2.35')).toEqual({
      error: 'place.outsideRwanda',
    });
  });
});

describe('readCoordinates', () => {
  it('reads two numbers in Rwanda, with a decimal point or comma', () => {
    expect(readCoordinates('-1.9528', '30.0926')).toEqual({
      latitude: -1.9528,
      longitude: 30.0926,
    });
    expect(readCoordinates(' -1,9528 ', '30,0926')).toEqual({
      latitude: -1.9528,
      longitude: 30.0926,
    });
  });

  it('answers nothing for a missing number, words, or a point outside Rwanda', () => {
    expect(readCoordinates('-1.9528', '')).toBeUndefined();
    expect(readCoordinates('south', '30.0926')).toBeUndefined();
    expect(readCoordinates('48.85', '2.35')).toBeUndefined();
  });
});

describe('isWholeEntry', () => {
  it('tells a pasted text from a character typed', () => {
    expect(isWholeEntry('', 'https://maps.app.goo.gl/AbCdEf123')).toBe(true);
    expect(
      isWholeEntry('https://maps.app.goo.gl/AbCdEf12', 'https://maps.app.goo.gl/AbCdEf123'),
    ).toBe(false);
  });
});
