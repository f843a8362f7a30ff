/**
 * A listing's or request's point on the map through the API: set by numbers or by a pasted map
 * link, public as it is or only within 300 m (moved once, then kept), the sector's centre when
 * none is set, and the exact point never in a public answer.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '#db/schema.ts';
import { distanceKm, type Point } from '#lib/geo.ts';
import { placeCentre } from '#lib/place-centres.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { call } from '#test/form-requests.ts';

let test: TestApp;
let seller: Awaited<ReturnType<typeof createSignedInUser>>;
let other: Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp();
  seller = await createSignedInUser(test.database, { role: 'seller' });
  other = await createSignedInUser(test.database, { role: 'seller' });
  admin = await createSignedInUser(test.database, { role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

/** Kigali Heights, where the test houses stand. */
const HEIGHTS: Point = { latitude: -1.95286, longitude: 30.09268 };

type PointView = {
  _id: string;
  latitude: number | null;
  longitude: number | null;
  locationPrecision: string | null;
  exactLatitude?: number | null;
  exactLongitude?: number | null;
};

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

/** A published house (an admin's own listing is published at once). */
async function publishedHouse(json: Record<string, unknown>): Promise<PointView> {
  const response = await call(test, 'POST', '/api/create-property', admin.bearer, {
    json: {
      title: 'House near Kigali Heights',
      district: 'Gasabo',
      sector: 'Kimihurura',
      area: '200',
      bedrooms: '3',
      bathrooms: '2',
      toilets: '2',
      price: '800000',
      owner: 'Aline',
      contact: '0788000111',
      description: 'A house with a garden.',
      ...json,
    },
  });
  expectStatus(response, 201);
  return response.json<{ data: PointView }>().data;
}

async function publicView(id: string): Promise<PointView> {
  const response = await call(test, 'GET', `/api/get-property/${id}`);
  expectStatus(response, 200);
  return response.json<{ property: PointView }>().property;
}

async function supply(json: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return call(test, 'POST', '/api/supply-property', seller.bearer, {
    json: { title: 'House', type: 'House', price: '450000', district: 'Gasabo', ...json },
  });
}

const at = (view: PointView): Point => ({ latitude: view.latitude!, longitude: view.longitude! });

describe('a point kept private (approximate, the default)', () => {
  it('shows the public a point within 300 m of the house, never the house itself', async () => {
    const house = await publishedHouse({
      latitude: HEIGHTS.latitude,
      longitude: HEIGHTS.longitude,
    });

    expect(house).toMatchObject({
      exactLatitude: HEIGHTS.latitude,
      exactLongitude: HEIGHTS.longitude,
      locationPrecision: 'approximate',
    });
    const seen = await publicView(house._id);
    expect(seen.locationPrecision).toBe('approximate');
    expect(distanceKm(at(seen), HEIGHTS)).toBeLessThanOrEqual(0.3);
    expect(distanceKm(at(seen), HEIGHTS)).toBeGreaterThan(0.04);
    // Nothing in the public answer carries the exact numbers.
    const body = (await call(test, 'GET', `/api/get-property/${house._id}`)).body;
    expect(body).not.toContain(String(HEIGHTS.latitude));
    expect(body).not.toContain('exactLatitude');
    const search = await call(test, 'GET', '/api/search?q=Heights');
    expect(search.body).not.toContain(String(HEIGHTS.latitude));
  });

  it('moves the point once: every view and every edit that keeps the point shows the same one', async () => {
    const house = await publishedHouse({
      latitude: HEIGHTS.latitude,
      longitude: HEIGHTS.longitude,
    });
    const first = at(await publicView(house._id));
    expect(at(await publicView(house._id))).toEqual(first);

    // The admin's form sends the same numbers back with another change.
    const edited = await call(test, 'PUT', `/api/update-property/${house._id}`, admin.bearer, {
      json: {
        price: '900000',
        latitude: String(HEIGHTS.latitude),
        longitude: String(HEIGHTS.longitude),
      },
    });
    expectStatus(edited, 200);
    expect(at(await publicView(house._id))).toEqual(first);

    // A new point is moved anew, around the new point.
    const moved = { latitude: -1.9441, longitude: 30.0619 };
    await call(test, 'PUT', `/api/update-property/${house._id}`, admin.bearer, {
      json: { latitude: moved.latitude, longitude: moved.longitude },
    });
    const second = at(await publicView(house._id));
    expect(distanceKm(second, moved)).toBeLessThanOrEqual(0.3);
  });

  it('two houses on the same spot get different public points', async () => {
    const a = await publishedHouse({ latitude: HEIGHTS.latitude, longitude: HEIGHTS.longitude });
    const b = await publishedHouse({ latitude: HEIGHTS.latitude, longitude: HEIGHTS.longitude });
    expect(at(await publicView(a._id))).not.toEqual(at(await publicView(b._id)));
  });
});

describe('a point made public (exact)', () => {
  it('shows the point as set', async () => {
    const house = await publishedHouse({
      latitude: HEIGHTS.latitude,
      longitude: HEIGHTS.longitude,
      locationPrecision: 'exact',
    });
    expect(await publicView(house._id)).toMatchObject({
      latitude: HEIGHTS.latitude,
      longitude: HEIGHTS.longitude,
      locationPrecision: 'exact',
    });
  });
});

describe('no point', () => {
  it("shows the sector's centre, marked as such, and follows a change of sector", async () => {
    const house = await publishedHouse({});
    const kimihurura = placeCentre('Gasabo', 'Kimihurura')!;
    expect(await publicView(house._id)).toMatchObject({
      latitude: kimihurura.latitude,
      longitude: kimihurura.longitude,
      locationPrecision: 'sector',
    });

    await call(test, 'PUT', `/api/update-property/${house._id}`, admin.bearer, {
      json: { district: 'Kicukiro', sector: 'Niboye' },
    });
    const niboye = placeCentre('Kicukiro', 'Niboye')!;
    expect(await publicView(house._id)).toMatchObject({
      latitude: niboye.latitude,
      longitude: niboye.longitude,
    });
  });

  it('a removed point leaves the sector centre', async () => {
    const house = await publishedHouse({
      latitude: HEIGHTS.latitude,
      longitude: HEIGHTS.longitude,
    });
    const removed = await call(test, 'PUT', `/api/update-property/${house._id}`, admin.bearer, {
      json: { latitude: '', longitude: '' },
    });
    expectStatus(removed, 200);
    expect(removed.json<{ data: PointView }>().data).toMatchObject({
      exactLatitude: null,
      locationPrecision: 'sector',
    });
    const [row] = await test.database.db
      .select({ latitude: properties.latitude })
      .from(properties)
      .where(eq(properties.id, house._id));
    expect(row!.latitude).toBeNull();
  });
});

describe('a seller sets the point', () => {
  it('by pasting a Google Maps link', async () => {
    const response = await supply({
      mapLink: 'https://www.google.com/maps/place/Kigali+Heights/@-1.9528,30.0926,17z',
    });
    expectStatus(response, 201);
    expect(response.json<{ data: PointView }>().data).toMatchObject({
      exactLatitude: -1.9528,
      exactLongitude: 30.0926,
      locationPrecision: 'approximate',
    });
  });

  it('a short link, a link without a point or a point abroad is a 400 naming mapLink', async () => {
    for (const mapLink of [
      'https://maps.app.goo.gl/AbCdEf123',
      'https://www.google.com/maps/place/Kigali',
      'https://www.openstreetmap.org/#map=17/48.8566/2.3522',
    ]) {
      const response = await supply({ mapLink });
      expectStatus(response, 400);
      expect(response.json<{ message: string }>().message).toMatch(/^mapLink: /);
    }
  });

  it('numbers outside Rwanda, junk, or one of the two are a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ latitude: '48.85', longitude: '2.35' }, 'latitude'],
      [{ latitude: '-1.95', longitude: '2.35' }, 'longitude'],
      [{ latitude: 'north', longitude: '30.1' }, 'latitude'],
      [{ latitude: '-1.95' }, 'longitude'],
      [{ longitude: '30.09' }, 'latitude'],
      [{ latitude: '-1.95', longitude: '30.09', locationPrecision: 'street' }, 'locationPrecision'],
    ];
    for (const [json, field] of cases) {
      const response = await supply(json);
      expectStatus(response, 400);
      expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('reads a decimal comma as French and Kinyarwanda write it', async () => {
    const response = await supply({ latitude: '-1,9528', longitude: '30,0926' });
    expectStatus(response, 201);
    expect(response.json<{ data: PointView }>().data.exactLatitude).toBe(-1.9528);
  });
});

describe("a buyer's request", () => {
  it('keeps its point, shows the public a moved one and the requester their own', async () => {
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const created = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      json: {
        title: 'A flat near Kigali Heights',
        price: '400000',
        district: 'Gasabo',
        sector: 'Kimihurura',
        latitude: HEIGHTS.latitude,
        longitude: HEIGHTS.longitude,
      },
    });
    expectStatus(created, 201);
    const own = created.json<{ data: PointView }>().data;
    expect(own).toMatchObject({
      exactLatitude: HEIGHTS.latitude,
      locationPrecision: 'approximate',
    });

    const seen = await call(test, 'GET', `/api/request-property/${own._id}`, other.bearer);
    expectStatus(seen, 200);
    const view = seen.json<{ data: PointView }>().data;
    expect(view.exactLatitude).toBeUndefined();
    expect(distanceKm(at(view), HEIGHTS)).toBeLessThanOrEqual(0.3);
  });
});
