/**
 * The point fields as a page without JavaScript gets them (the link and the two numbers post
 * as they are, and the server reads the link), and the Location a listing page shows.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLocale } from '#lib/i18n.server.ts';
import type { FormResult } from '#lib/form-result.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import { ListingLocation } from './listing-location.tsx';
import { PointFields } from './point-fields.tsx';

let test: TestApp;
let seller: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  seller = viewerOf(await createSignedInUser(test.database, { role: 'seller' }));
});

afterAll(async () => {
  await test.close();
});

const KIGALI_HEIGHTS_LINK = 'https://www.google.com/maps/place/Kigali+Heights/@-1.9528,30.0926,17z';

const render = (element: React.ReactElement, locale: 'en' | 'fr' | 'rw' = 'en') =>
  withLocale(locale, () => renderToStaticMarkup(element));

/** The radio button of the precision `value`, and whether it is checked. */
function isPrecisionChecked(html: string, value: string): boolean {
  const radio = new RegExp(`<input[^>]*name="locationPrecision"[^>]*value="${value}"[^>]*>`).exec(
    html,
  );
  if (!radio) throw new Error(`no radio button ${value}`);
  return radio[0].includes('checked=""');
}

/** The attributes of the input named `name` in some HTML. */
function inputNamed(html: string, name: string): string {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html);
  if (!input) throw new Error(`no input named ${name}`);
  return input[0];
}

describe('PointFields without JavaScript', () => {
  it('offers the link and the two numbers, approximate by default, and no button', () => {
    const html = render(<PointFields values={{}} errors={{}} />);

    expect(html).toContain('Where exactly is it? (optional)');
    expect(inputNamed(html, 'mapLink')).toContain('type="text"');
    expect(inputNamed(html, 'latitude')).toContain('inputMode="decimal"');
    expect(inputNamed(html, 'longitude')).toContain('inputMode="decimal"');
    expect(isPrecisionChecked(html, 'approximate')).toBe(true);
    expect(isPrecisionChecked(html, 'exact')).toBe(false);
    // The phone's place and the map need the page to run.
    expect(html).not.toContain('Use my current location');
    expect(html).not.toContain('Place the pin on a map');
  });

  it("starts an edit from the owner's own point, and from nothing at a sector's centre", () => {
    const withPoint = render(
      <PointFields
        values={{ exactLatitude: -1.9528, exactLongitude: 30.0926, locationPrecision: 'exact' }}
        errors={{}}
      />,
    );
    expect(inputNamed(withPoint, 'latitude')).toContain('value="-1.9528"');
    expect(inputNamed(withPoint, 'longitude')).toContain('value="30.0926"');
    expect(isPrecisionChecked(withPoint, 'exact')).toBe(true);

    const atSector = render(
      <PointFields
        values={{ exactLatitude: null, exactLongitude: null, locationPrecision: 'sector' }}
        errors={{}}
      />,
    );
    expect(inputNamed(atSector, 'latitude')).toContain('value=""');
  });

  it('shows an error under its field, wired for screen readers', () => {
    const html = render(<PointFields values={{}} errors={{ mapLink: 'No place found' }} />);
    expect(inputNamed(html, 'mapLink')).toContain(
      'aria-describedby="field-mapLink-hint field-mapLink-error"',
    );
    expect(html).toContain('<p id="field-mapLink-error" class="field-error">No place found</p>');
  });

  it('reads in its language', () => {
    const html = render(<PointFields values={{}} errors={{}} />, 'fr');
    expect(html).toContain('Lien Google Maps ou OpenStreetMap');
  });
});

describe('a supply form posted without JavaScript', () => {
  const supplyFields = {
    title: 'Flat by Kigali Heights',
    type: 'Apartment',
    status: 'Rent',
    price: '650000',
    district: 'Gasabo',
    sector: 'Kimihurura',
    latitude: '',
    longitude: '',
  };

  it('keeps the point of a pasted link, exact when asked', async () => {
    const answer = await requestPage(test, '/create-supply-property', {
      viewer: seller,
      form: { ...supplyFields, mapLink: KIGALI_HEIGHTS_LINK, locationPrecision: 'exact' },
    });

    const result = answer.actionData as FormResult & { createdPath?: string };
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const id = result.createdPath!.split('/').at(-1)!;
    const supply = await test.app.services.supplies.getSupply(id, seller);
    expect(supply).toMatchObject({
      exactLatitude: -1.9528,
      exactLongitude: 30.0926,
      latitude: -1.9528,
      longitude: 30.0926,
      locationPrecision: 'exact',
    });
  });

  it('names the link when it is a short one', async () => {
    const answer = await requestPage(test, '/create-supply-property', {
      viewer: seller,
      form: { ...supplyFields, mapLink: 'https://maps.app.goo.gl/AbCdEf123' },
    });

    expect(answer.status).toBe(400);
    const result = answer.actionData as FormResult;
    if (result.ok) throw new Error('expected a refusal');
    expect(result.fieldErrors.mapLink).toBe(
      'A short link cannot be read here: open it, then copy the full address from your browser and paste it here',
    );
  });
});

describe('ListingLocation', () => {
  const renderLocation = (
    place: string,
    [latitude, longitude]: [number, number],
    precision: 'exact' | 'approximate' | 'sector',
    locale: 'en' | 'fr' | 'rw' = 'en',
  ) =>
    render(
      <ListingLocation
        place={place}
        latitude={latitude}
        longitude={longitude}
        locationPrecision={precision}
      />,
      locale,
    );

  it("shows the server's map of the public point, how near it is, and links to open it", () => {
    const html = renderLocation('Kimihurura, Gasabo', [-1.95312, 30.09411], 'approximate');

    expect(html).toContain(
      'src="/api/places/static-map.svg?lat=-1.95312&amp;lng=30.09411&amp;precision=approximate&amp;lang=en"',
    );
    expect(html).toContain(
      'alt="Map of the area around Kimihurura, Gasabo, with a circle of about 300 m that holds the place"',
    );
    expect(html).toContain('The place is within about 300 m of the centre of the circle');
    expect(html).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=-1.95312,30.09411" target="_blank" rel="noopener noreferrer"',
    );
    expect(html).toContain('Open in OpenStreetMap');
  });

  it('asks for the map in the language of the page', () => {
    const html = renderLocation('Gikondo', [-1.97, 30.07], 'sector', 'rw');
    expect(html).toContain('precision=sector&amp;lang=rw');
    expect(html).toContain('Fungura muri Google Maps');
  });

  it('shows nothing without a point', () => {
    expect(
      render(
        <ListingLocation
          place="Kigali"
          latitude={null}
          longitude={null}
          locationPrecision={null}
        />,
      ),
    ).toBe('');
  });
});
