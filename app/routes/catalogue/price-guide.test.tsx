/**
 * /price-guide and the price note of a property's page: the same 90-day medians, each only
 * where 5 listings back it, in the three languages.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '#seed/factories.ts';
import { withLocale } from '#lib/i18n.server.ts';
import type {
  PriceComparison,
  PriceGuide,
  PriceNotCompared,
} from '#modules/reports/reports.schema.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage } from '#test/page-requests.ts';
import { PriceComparisonNote } from './price-comparison.tsx';

let test: TestApp;
let houseIds: string[];
let hotelId: string;

beforeAll(async () => {
  test = await createTestApp();
  const db = test.database.db;
  const seller = await createUser(db, { role: 'seller' });
  const house = { type: 'House' as const, bedrooms: 3, location: 'Kicukiro, Kigali' };
  houseIds = [];
  for (const price of [300_000, 350_000, 400_000, 450_000, 500_000]) {
    const row = await createProperty(db, seller.id, {
      ...house,
      price,
      offer: 'Rent',
      pricePeriod: 'month',
    });
    houseIds.push(row.id);
  }
  // Four sales: too few for a figure. A hotel: never compared.
  for (const price of [50_000_000, 60_000_000, 70_000_000, 80_000_000]) {
    await createProperty(db, seller.id, { ...house, price, offer: 'Sale' });
  }
  hotelId = (await createProperty(db, seller.id, { type: 'Hotel', location: 'Kicukiro, Kigali' }))
    .id;
  // The guide is kept for a while; rows written straight to the database are no catalogue
  // change, so the test tells it.
  test.app.services.catalogueEvents.changed();
});

afterAll(async () => {
  await test.close();
});

describe('/price-guide', () => {
  it('shows the medians of the last 90 days by district, in every language', async () => {
    for (const url of ['/price-guide', '/rw/price-guide', '/fr/price-guide']) {
      const answer = await requestPage(test, url);
      expect(answer.status, url).toBe(200);
      const page = answer.loaderData['routes/catalogue/price-guide'] as PriceGuide & {
        districts: [string, PriceGuide['rows']][];
      };
      expect(page.days).toBe(90);
      expect(page.districts).toEqual([
        [
          'Kicukiro',
          [
            {
              district: 'Kicukiro',
              type: 'House',
              bedrooms: 3,
              rentMedian: 400_000,
              rents: 5,
              saleMedian: null,
              sales: 4,
            },
          ],
        ],
      ]);
    }
  });
});

describe('a property’s price note', () => {
  it('compares its monthly rent with the median of like listings', async () => {
    const answer = await requestPage(test, `/property/${houseIds[0]}`);
    expect(answer.status).toBe(200);
    const { priceComparison } = answer.loaderData['routes/catalogue/property-detail'] as {
      priceComparison: PriceComparison | null;
    };
    expect(priceComparison).toMatchObject({
      offer: 'rent',
      position: 'below',
      percent: 25,
      median: 400_000,
      listings: 5,
    });
  });

  it('says why it compares nothing: too few like listings, or a type the guide leaves out', async () => {
    const db = test.database.db;
    const seller = await createUser(db, { role: 'seller' });
    const lone = await createProperty(db, seller.id, {
      type: 'House',
      bedrooms: 6,
      location: 'Kimironko, Gasabo',
    });
    const priceOf = async (id: string) => {
      const answer = await requestPage(test, `/property/${id}`);
      expect(answer.status).toBe(200);
      return (answer.loaderData['routes/catalogue/property-detail'] as { priceComparison: unknown })
        .priceComparison;
    };
    expect(await priceOf(lone.id)).toEqual({
      position: 'none',
      reason: 'fewListings',
      district: 'Gasabo',
    });
    expect(await priceOf(hotelId)).toEqual({
      position: 'none',
      reason: 'type',
      district: 'Kicukiro',
    });
  });

  it('says why in each language, with a link to the guide', () => {
    const render = (locale: 'en' | 'rw' | 'fr', value: PriceNotCompared) =>
      withLocale(locale, () =>
        renderToStaticMarkup(
          <MemoryRouter>
            <PriceComparisonNote comparison={value} />
          </MemoryRouter>,
        ),
      );
    const few: PriceNotCompared = { position: 'none', reason: 'fewListings', district: 'Gasabo' };
    expect(render('en', few)).toContain(
      'Not enough similar listings in Gasabo to compare this price yet.',
    );
    expect(render('en', few)).toContain('href="/price-guide"');
    expect(render('fr', few)).toContain(
      'Pas encore assez d’annonces semblables à Gasabo pour comparer ce prix.',
    );
    expect(render('fr', few)).toContain('href="/fr/price-guide"');
    expect(render('rw', few)).toContain('i Gasabo');
    expect(render('rw', few)).toContain('href="/rw/price-guide"');
    expect(render('en', { position: 'none', reason: 'type', district: 'Gasabo' })).toContain(
      'Only the prices of houses and apartments are compared.',
    );
    expect(render('en', { position: 'none', reason: 'period', district: 'Gasabo' })).toContain(
      'Only monthly rents are compared.',
    );
    expect(render('fr', { position: 'none', reason: 'place', district: null })).toContain(
      'Cette annonce n’a pas de district\u00a0: son prix n’est pas comparé.',
    );
  });

  it('reads as a sentence in each language, with a link to the guide', () => {
    const comparison: PriceComparison = {
      offer: 'rent',
      position: 'below',
      percent: 12,
      median: 400_000,
      listings: 7,
      type: 'House',
      district: 'Kicukiro',
      bedrooms: 3,
      days: 90,
    };
    const render = (locale: 'en' | 'rw' | 'fr', value: PriceComparison) =>
      withLocale(locale, () =>
        renderToStaticMarkup(
          <MemoryRouter>
            <PriceComparisonNote comparison={value} />
          </MemoryRouter>,
        ),
      );
    const english = render('en', comparison);
    expect(english).toContain('12% below the median monthly rent for 3-bedroom houses in Kicukiro');
    expect(english).toContain('Median of 7 listings from the last 90 days.');
    expect(english).toContain('href="/price-guide"');
    expect(render('en', { ...comparison, offer: 'sale', position: 'about', percent: 0 })).toContain(
      'About the median sale price for 3-bedroom houses in Kicukiro',
    );
    expect(
      render('en', { ...comparison, type: 'Apartment', bedrooms: 1, position: 'above' }),
    ).toContain('12% above the median monthly rent for 1-bedroom apartments in Kicukiro');
    const french = render('fr', comparison);
    expect(french).toContain(
      '12\u202f% en dessous du loyer mensuel médian des maisons de 3 chambres à Kicukiro',
    );
    expect(french).toContain('href="/fr/price-guide"');
    expect(render('rw', comparison)).toContain(
      '12% munsi y&#x27;ubukode bwo hagati ku kwezi bw&#x27;inzu zifite ibyumba 3 i Kicukiro',
    );
  });
});
