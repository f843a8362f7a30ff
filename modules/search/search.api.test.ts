import { and, count, isNull, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, properties } from '#db/schema.ts';
import {
  createAsset,
  createProperty as createPropertyRow,
  createUser,
  propertyValues,
} from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

type Card = { _id: string; title?: string; name?: string };
type SearchBody = {
  properties: Card[];
  assets: Card[];
  totals: {
    properties: { count: number; isCapped: boolean };
    assets: { count: number; isCapped: boolean };
  };
  featuredIds: string[];
  understood: Record<string, unknown>;
};

let test: TestApp;
let ownerId: string;

beforeAll(async () => {
  test = await createTestApp();
  ownerId = (await createUser(test.database.db)).id;
});

afterAll(async () => {
  await test.close();
});

async function search(q: string): Promise<SearchBody> {
  const response = await test.app.inject({ url: '/api/search', query: { q } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const ids = (cards: Card[]) => cards.map((card) => card._id);

/**
 * The factory places properties in Kicukiro; here they sit elsewhere unless a test says so, so
 * that only the Kicukiro test's rows answer to 'kicu'.
 */
function createProperty(...[db, owner, overrides]: Parameters<typeof createPropertyRow>) {
  return createPropertyRow(db, owner, {
    title: 'Family home',
    location: 'Kigali',
    description: 'Bright rooms and a garden.',
    ...overrides,
  });
}

/**
 * Every test searches for words that only its own rows hold (made-up place and feature names),
 * so what each finds does not depend on the rows other tests create.
 */
describe('GET /api/search', () => {
  it('answers the newest 6 of each for an empty q, with totals of all published', async () => {
    const db = test.database.db;
    // Dated far ahead, so these are the newest rows whatever other tests create.
    const newestProperties: string[] = [];
    const newestAssets: string[] = [];
    for (let day = 1; day <= 7; day++) {
      const createdAt = new Date(Date.UTC(2099, 0, day));
      const home = await createProperty(db, ownerId, { title: `Future home ${day}`, createdAt });
      const car = await createAsset(db, ownerId, { name: `Future car ${day}`, createdAt });
      newestProperties.unshift(home.id);
      newestAssets.unshift(car.id);
    }
    await createProperty(db, ownerId, {
      title: 'Pending future home',
      moderation: 'Pending',
      createdAt: new Date(Date.UTC(2099, 5, 1)),
    });
    await createAsset(db, ownerId, {
      name: 'Deleted future car',
      deletedAt: new Date(),
      createdAt: new Date(Date.UTC(2099, 5, 1)),
    });

    const body = await search('');
    expect(Object.keys(body).sort()).toEqual([
      'assets',
      'featuredIds',
      'properties',
      'totals',
      'understood',
    ]);
    expect(body.understood).toEqual({ q: '' });
    expect(body.featuredIds).toEqual([]);
    expect(ids(body.properties)).toEqual(newestProperties.slice(0, 6));
    expect(ids(body.assets)).toEqual(newestAssets.slice(0, 6));
    expect(body.properties.map((card) => card.title)).toEqual(
      [7, 6, 5, 4, 3, 2].map((day) => `Future home ${day}`),
    );
    expect(body.assets.map((card) => card.name)).toEqual(
      [7, 6, 5, 4, 3, 2].map((day) => `Future car ${day}`),
    );

    const [publishedProperties] = await db
      .select({ value: count() })
      .from(properties)
      .where(and(eq(properties.moderation, 'Approved'), isNull(properties.deletedAt)));
    const [publishedAssets] = await db
      .select({ value: count() })
      .from(assets)
      .where(and(eq(assets.moderation, 'Approved'), isNull(assets.deletedAt)));
    expect(body.totals).toEqual({
      properties: { count: publishedProperties!.value, isCapped: false },
      assets: { count: publishedAssets!.value, isCapped: false },
    });

    const withoutQ = await test.app.inject('/api/search');
    expect(withoutQ.statusCode).toBe(200);
    expect(withoutQ.json()).toEqual(body);
  });

  it("finds 'Kicukiro, Kigali' from the prefix 'kicu', in any case", async () => {
    const db = test.database.db;
    const house = await createProperty(db, ownerId, {
      title: 'Bungalow with veranda',
      location: 'Kicukiro, Kigali',
      description: 'Quiet street.',
      features: [],
    });
    const plot = await createAsset(db, ownerId, {
      type: 'Land',
      name: 'Residential plot',
      location: 'Kicukiro, Kigali',
      description: 'Flat and fenced.',
    });
    for (const q of ['kicu', 'KICU', 'Kicukiro']) {
      const body = await search(q);
      expect(ids(body.properties), q).toEqual([house.id]);
      expect(ids(body.assets), q).toEqual([plot.id]);
    }
  });

  it('finds a place written with or without its accents, either way', async () => {
    const db = test.database.db;
    const accented = await createProperty(db, ownerId, {
      title: 'Studio à Rémera',
      location: 'Rémera, Gasabo',
      features: [],
    });
    const plain = await createProperty(db, ownerId, {
      title: 'Flat near Gisozi',
      location: 'Gisozi, Gasabo',
      description: 'Walk to the Ecole belge.',
      features: [],
    });
    for (const q of ['remera', 'Rémera', 'RÉMER']) {
      expect(ids((await search(q)).properties), q).toEqual([accented.id]);
    }
    expect(ids((await search('école')).properties)).toEqual([plain.id]);
  });

  it("finds 'Nyarutarama' from the prefix 'nyaru'", async () => {
    const db = test.database.db;
    const villa = await createProperty(db, ownerId, {
      title: 'Villa with pool',
      location: 'Nyarutarama, Gasabo',
    });
    const car = await createAsset(db, ownerId, {
      name: 'Mercedes C200',
      location: 'Nyarutarama, Gasabo',
    });
    const body = await search('nyaru');
    expect(ids(body.properties)).toEqual([villa.id]);
    expect(ids(body.assets)).toEqual([car.id]);
    expect(body.totals.properties).toEqual({ count: 1, isCapped: false });
    expect(body.totals.assets).toEqual({ count: 1, isCapped: false });

    const none = await search('nyarux');
    expect(none.properties).toEqual([]);
    expect(none.assets).toEqual([]);
    expect(none.totals.properties.count).toBe(0);
  });

  it('narrows with each extra word', async () => {
    const db = test.database.db;
    const villa = await createProperty(db, ownerId, {
      title: 'Quiet villa',
      location: 'Gikondo, Kigali',
    });
    const duplex = await createProperty(db, ownerId, {
      title: 'Busy duplex',
      location: 'Gikondo, Kigali',
    });
    const broad = await search('gikondo');
    expect(ids(broad.properties).sort()).toEqual([villa.id, duplex.id].sort());
    const narrow = await search('gikondo villa');
    expect(ids(narrow.properties)).toEqual([villa.id]);
    expect(narrow.totals.properties.count).toBe(1);
    const prefixes = await search('gik qui');
    expect(ids(prefixes.properties)).toEqual([villa.id]);
  });

  it('ranks a title match above a match in the description only', async () => {
    const db = test.database.db;
    const inTitle = await createProperty(db, ownerId, {
      title: 'Umuvumu cottage',
      description: 'Small and cosy.',
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    // Newer, so it would come first if the rank did not tell them apart.
    const inDescription = await createProperty(db, ownerId, {
      title: 'Garden cottage',
      description: 'Shaded by an old umuvumu tree.',
      createdAt: new Date('2025-06-01T00:00:00Z'),
    });
    const body = await search('umuvumu');
    expect(ids(body.properties)).toEqual([inTitle.id, inDescription.id]);

    const carInDescription = await createAsset(db, ownerId, {
      name: 'Pickup truck',
      description: 'Comes with an umuvumu wood rack.',
      createdAt: new Date('2025-06-01T00:00:00Z'),
    });
    const carInName = await createAsset(db, ownerId, {
      name: 'Umuvumu edition pickup',
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    const assetsBody = await search('umuvumu');
    expect(ids(assetsBody.assets)).toEqual([carInName.id, carInDescription.id]);
  });

  it('answers the newest first for words that no title, type or place holds', async () => {
    const db = test.database.db;
    const made = [];
    for (const day of ['01', '02', '03', '04', '05', '06', '07']) {
      made.push(
        await createProperty(db, ownerId, {
          description: 'Shaded by a kirabiro hedge.',
          createdAt: new Date(`2025-03-${day}T00:00:00Z`),
        }),
      );
    }
    const newestFirst = made.reverse().map((property) => property.id);

    const body = await search('kirab');
    expect(ids(body.properties)).toEqual(newestFirst.slice(0, 6));
    expect(body.totals.properties).toEqual({ count: 7, isCapped: false });
  });

  it('matches features and types', async () => {
    const db = test.database.db;
    const withHeliport = await createProperty(db, ownerId, {
      title: 'Penthouse',
      features: ['Heliportia', 'Gym'],
    });
    const body = await search('heliport');
    expect(ids(body.properties)).toEqual([withHeliport.id]);

    const hotel = await createProperty(db, ownerId, {
      type: 'Hotel',
      title: 'Lakeside inn of Zwembad',
      location: 'Zwembad, Karongi',
    });
    const notAHotel = await createProperty(db, ownerId, {
      type: 'House',
      title: 'Zwembad bungalow',
      location: 'Zwembad, Karongi',
    });
    const hotels = await search('zwembad hotel');
    expect(ids(hotels.properties)).toEqual([hotel.id]);
    expect(ids((await search('zwembad')).properties).sort()).toEqual(
      [hotel.id, notAHotel.id].sort(),
    );

    const motorcycle = await createAsset(db, ownerId, {
      type: 'Motorcycle',
      name: 'Bajaj Boxer Zwembad',
    });
    await createAsset(db, ownerId, { type: 'Car', name: 'Zwembad Corolla' });
    const motorcycles = await search('zwembad motorcyc');
    expect(ids(motorcycles.assets)).toEqual([motorcycle.id]);
  });

  it('never shows pending, rejected or deleted listings', async () => {
    const db = test.database.db;
    const published = await createProperty(db, ownerId, { title: 'Kabeza published loft' });
    await createProperty(db, ownerId, { title: 'Kabeza pending loft', moderation: 'Pending' });
    await createProperty(db, ownerId, { title: 'Kabeza rejected loft', moderation: 'Rejected' });
    await createProperty(db, ownerId, { title: 'Kabeza deleted loft', deletedAt: new Date() });
    const publishedAsset = await createAsset(db, ownerId, { name: 'Kabeza published scooter' });
    await createAsset(db, ownerId, { name: 'Kabeza pending scooter', moderation: 'Pending' });
    await createAsset(db, ownerId, { name: 'Kabeza rejected scooter', moderation: 'Rejected' });
    await createAsset(db, ownerId, { name: 'Kabeza deleted scooter', deletedAt: new Date() });

    const body = await search('kabeza');
    expect(ids(body.properties)).toEqual([published.id]);
    expect(ids(body.assets)).toEqual([publishedAsset.id]);
    expect(body.totals).toEqual({
      properties: { count: 1, isCapped: false },
      assets: { count: 1, isCapped: false },
    });
  });

  it('answers at most 6 per grid while the totals count every match', async () => {
    const db = test.database.db;
    for (let index = 0; index < 8; index++) {
      await createProperty(db, ownerId, { title: `Rusororo flat ${index}` });
    }
    for (let index = 0; index < 7; index++) {
      await createAsset(db, ownerId, { name: `Rusororo bike ${index}` });
    }
    const body = await search('rusororo');
    expect(body.properties).toHaveLength(6);
    expect(body.assets).toHaveLength(6);
    expect(new Set(ids(body.properties)).size).toBe(6);
    expect(body.totals).toEqual({
      properties: { count: 8, isCapped: false },
      assets: { count: 7, isCapped: false },
    });
  });

  it('stops counting a broad match at 200 and says so', async () => {
    await test.database.db
      .insert(properties)
      .values(
        Array.from({ length: 205 }, (_, index) =>
          propertyValues(ownerId, { title: `Gahanga plot house ${index}` }),
        ),
      );
    const body = await search('gahang');
    expect(body.properties).toHaveLength(6);
    expect(body.totals.properties).toEqual({ count: 200, isCapped: true });
  });

  it('treats a q of only punctuation and tsquery operators like an empty q', async () => {
    const empty = await search('');
    for (const q of ['&|!():*', '  ...  ', "'\\"]) {
      expect(await search(q), q).toEqual(empty);
    }
  });

  it('keeps tsquery syntax typed among words from reaching the database', async () => {
    const db = test.database.db;
    const loft = await createProperty(db, ownerId, { title: 'Kanombe loft' });
    const body = await search("kanombe & | ! ( ) : * ' <-> loft");
    expect(ids(body.properties)).toEqual([loft.id]);
  });

  it('finds accented and Kinyarwanda words', async () => {
    const db = test.database.db;
    const cafe = await createProperty(db, ownerId, {
      title: 'Résidence Ubumwe',
      description: 'Inzu nziza ikodeshwa.',
    });
    expect(ids((await search('résid')).properties)).toEqual([cafe.id]);
    expect(ids((await search('ikodesh')).properties)).toEqual([cafe.id]);
  });

  describe('in the three languages of the site', () => {
    type Listed = Card & { type: string; status: string };
    const found = async (q: string, query: Record<string, string> = {}) => {
      const response = await test.app.inject({ url: '/api/search', query: { q, ...query } });
      expect(response.statusCode).toBe(200);
      const body: Omit<SearchBody, 'properties' | 'assets'> & {
        properties: Listed[];
        assets: Listed[];
      } = response.json();
      return body;
    };
    /** What a search shows: the same cards in the same order, and the same totals. */
    const shown = (body: SearchBody) => ({
      properties: ids(body.properties),
      assets: ids(body.assets),
      totals: body.totals,
    });

    let kicukiroHouseForRent: string;
    let kicukiroHouseForSale: string;
    let gasaboApartment: string;
    let car: string;

    beforeAll(async () => {
      const db = test.database.db;
      // Dated after every other test's rows, so these are the first cards of their searches.
      const createdAt = new Date(Date.UTC(2100, 0, 1));
      const kicukiro = { location: 'Kicukiro, Kigali', district: 'Kicukiro', createdAt };
      const gasabo = { location: 'Kimironko, Gasabo', district: 'Gasabo', createdAt };
      kicukiroHouseForRent = (
        await createProperty(db, ownerId, { type: 'House', offer: 'Rent', ...kicukiro })
      ).id;
      kicukiroHouseForSale = (
        await createProperty(db, ownerId, {
          type: 'House',
          offer: 'Sale',
          pricePeriod: null,
          ...kicukiro,
        })
      ).id;
      // Its text speaks of a house: found by the word, not by "house", the type.
      await createProperty(db, ownerId, {
        type: 'Apartment',
        title: 'Flat in a guest house',
        ...kicukiro,
      });
      gasaboApartment = (await createProperty(db, ownerId, { type: 'Apartment', ...gasabo })).id;
      await createProperty(db, ownerId, { type: 'House', ...gasabo });
      car = (await createAsset(db, ownerId, { type: 'Car', name: 'Toyota RAV4', createdAt })).id;
      await createAsset(db, ownerId, { type: 'Motorcycle', name: 'Car-park scooter', createdAt });
    });

    it.each([
      ['inzu Kicukiro', 'house kicukiro'],
      ['maison à Kicukiro', 'house kicukiro'],
      ['house in Kicukiro', 'house kicukiro'],
      ['maison à louer Kicukiro', 'house for rent kicukiro'],
      ['inzu ikodeshwa i Kicukiro', 'house for rent kicukiro'],
      ['apartema Gasabo', 'apartment gasabo'],
      ['appartement Gasabo', 'apartment gasabo'],
      ['voiture', 'car'],
      ['imodoka', 'car'],
      ['VOITURES', 'cars'],
    ])('%j finds what %j finds', async (spoken, english) => {
      expect(shown(await found(spoken))).toEqual(shown(await found(english)));
    });

    it('reads the type as the type filter: every house in Kicukiro, and only houses', async () => {
      for (const q of ['inzu Kicukiro', 'house kicukiro']) {
        const body = await found(q);
        expect(ids(body.properties), q).toEqual(
          expect.arrayContaining([kicukiroHouseForRent, kicukiroHouseForSale]),
        );
        expect(new Set(body.properties.map((card) => card.type)), q).toEqual(new Set(['House']));
        expect(body.assets, q).toEqual([]);
      }
      const apartments = await found('apartema Gasabo');
      expect(ids(apartments.properties)).toContain(gasaboApartment);
      expect(new Set(apartments.properties.map((card) => card.type))).toEqual(
        new Set(['Apartment']),
      );
    });

    it('reads the offer as the offer filter', async () => {
      const body = await found('maison à louer Kicukiro');
      expect(ids(body.properties)).toContain(kicukiroHouseForRent);
      expect(ids(body.properties)).not.toContain(kicukiroHouseForSale);
      expect(new Set(body.properties.map((card) => card.status))).toEqual(new Set(['Rent']));
    });

    it('sends a search for an asset kind to the assets only', async () => {
      const body = await found('voiture');
      expect(ids(body.assets)).toContain(car);
      expect(new Set(body.assets.map((card) => card.type))).toEqual(new Set(['Car']));
      expect(body.properties).toEqual([]);
      expect(body.totals.properties).toEqual({ count: 0, isCapped: false });
    });

    it('keeps a word whose filter is set otherwise as a word to find', async () => {
      // Asked among motorcycles, "car" is a word: the scooter's name holds it.
      const body = await found('car', { type: 'Motorcycle' });
      expect(body.assets.map((card) => card.name)).toEqual(['Car-park scooter']);
    });
  });

  it('accepts a q of 200 characters and answers 400 naming `q` beyond', async () => {
    const longest = await test.app.inject({ url: '/api/search', query: { q: 'a'.repeat(200) } });
    expect(longest.statusCode).toBe(200);
    const tooLong = await test.app.inject({ url: '/api/search', query: { q: 'a'.repeat(201) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^q: /);
  });
});
