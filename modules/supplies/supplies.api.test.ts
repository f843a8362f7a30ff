import { placeCentre } from '#lib/place-centres.ts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, auditLog, notifications, outbox, properties, users } from '#db/schema.ts';
import { createAsset, createProperty, NO_KIND_FIELDS } from '#seed/factories.ts';
import { PHOTO_WIDTHS } from '#lib/photos.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import type { SupplyView } from './supplies.schema.ts';
import {
  call,
  fields,
  jpeg,
  photoPart,
  picture,
  png,
  type Body,
  type FormPart,
} from '#test/form-requests.ts';

const MESSAGES = {
  submitted: 'supplied submitted successfully!',
  updated: 'Your supply has been updated and waits for review.',
  withdrawn: 'Your supply has been withdrawn.',
  approved: 'Property approved successfully.',
  rejected: 'Property rejected.',
  signInRequired: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  adminOnly: 'Only admins can do this.',
  notAPhoto: 'photos: must be a JPEG, PNG, WebP, AVIF or HEIC photo',
  damaged: 'photos: a photo is damaged or incomplete and could not be read',
  tooManyPhotos: 'photos: at most 8 photos',
} as const;

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

/** A word no other listing holds (letters only, so search tokenises it as one word). */
function uniqueWord(): string {
  const letters = randomUUID()
    .replaceAll('-', '')
    .slice(0, 10)
    .replace(/[0-9a-f]/g, (digit) => String.fromCharCode(106 + parseInt(digit, 16)));
  return `zq${letters}`;
}

/** The JSON the supply form posts for a house, with the four required fields. */
function houseFields(overrides: Record<string, string | string[]> = {}) {
  return {
    title: 'Four-bedroom house in Kicukiro',
    type: 'House',
    price: '450000',
    location: 'Kicukiro, Kigali',
    ...overrides,
  };
}

function uploadedFiles(app: TestApp): string[] {
  const dir = path.join(app.dataDir, 'uploads');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .sort();
}

function keyOf(src: string | null): string {
  const key = /^\/media\/([a-z0-9]+)-640\.webp$/.exec(src ?? '')?.[1];
  expect(key, String(src)).toBeDefined();
  return key!;
}

function filesOfKey(key: string): string[] {
  return PHOTO_WIDTHS.map((width) => `${key}-${width}.webp`);
}

/** Every supply row of both catalogues, withdrawn ones included. */
async function countSupplyRows(app: TestApp): Promise<number> {
  const [propertyCount] = await app.database.db.select({ total: count() }).from(properties);
  const [assetCount] = await app.database.db.select({ total: count() }).from(assets);
  return propertyCount!.total + assetCount!.total;
}

type ErrorAnswer = { message: string; issues?: { field: string; message: string }[] };
type SavedAnswer = { message: string; data: SupplyView };
type ListAnswer = {
  data: SupplyView[];
  page: number;
  pageSize: number;
  total: number;
  isTotalCapped: boolean;
};

function expectFieldError(response: LightMyRequestResponse, field: string, status = 400) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorAnswer>();
  expect(body.message.startsWith(`${field}: `), body.message).toBe(true);
  return body;
}

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

const photoViewShape = (width: number, height: number) => ({
  src: expect.stringMatching(/^\/media\/[a-z0-9]+-640\.webp$/),
  srcSet: expect.stringMatching(/-320\.webp 320w, .+-640\.webp 640w, .+-1280\.webp 1280w$/),
  width,
  height,
  placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
});

let test: TestApp;
let seller: SignedIn;
let otherSeller: SignedIn;
let buyer: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  test = await createTestApp();
  seller = await createSignedInUser(test.database, { name: 'Eric Mugisha', role: 'seller' });
  otherSeller = await createSignedInUser(test.database, { name: 'Grace Ingabire', role: 'seller' });
  buyer = await createSignedInUser(test.database, { name: 'Jean Bosco', role: 'buyer' });
  admin = await createSignedInUser(test.database, { name: 'Site Admin', role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

/** Supplies through the API as `who`, answering the saved supply. */
async function supply(who: SignedIn, body: Body): Promise<SupplyView> {
  const response = await call(test, 'POST', '/api/supply-property', who.bearer, body);
  expectStatus(response, 201);
  return response.json<SavedAnswer>().data;
}

describe('POST /api/supply-property', () => {
  it('creates a pending house supply from JSON; status Rent and owner default to the user', async () => {
    const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
      json: {
        ...houseFields(),
        contact: '0788123456',
        description: 'A bright house with a garden.',
        bedrooms: '4',
        bathrooms: '2',
        toilets: '3',
        area: '220 sqm',
        features: ['Garden', 'Parking'],
      },
    });

    expectStatus(response, 201);
    expect(response.json()).toEqual({
      message: MESSAGES.submitted,
      data: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind: 'property',
        title: 'Four-bedroom house in Kicukiro',
        description: 'A bright house with a garden.',
        image: null,
        photos: [],
        price: 450_000,
        location: 'Kicukiro, Kigali',
        district: 'Kicukiro',
        sector: null,
        cell: null,
        street: 'Kicukiro, Kigali',
        // No pin: shown at the district's centre, the only place it names.
        latitude: placeCentre('Kicukiro', null)!.latitude,
        longitude: placeCentre('Kicukiro', null)!.longitude,
        locationPrecision: 'sector',
        exactLatitude: null,
        exactLongitude: null,
        pricePeriod: 'month',
        upi: null,
        address: null,
        owner: 'Eric Mugisha',
        ownerId: seller.user.id,
        contact: '0788123456',
        listedBy: 'owner',
        commission: null,
        viewingFee: null,
        status: 'Rent',
        moderation: 'Pending',
        rejectionReason: null,
        feeState: null,
        expiredAt: null,
        availability: 'Available',
        type: 'House',
        bedrooms: 4,
        bathrooms: 2,
        toilets: 3,
        area: 220,
        features: ['Garden', 'Parking'],
        transmission: null,
        fuel: null,
        certified: null,
        inspected: null,
        warranty: null,
        rentalPrice: null,
        rentDuration: null,
        size: null,
        condition: null,
        sizeCloth: null,
        createdAt: expect.any(String),
        timeAgo: expect.any(String),
      },
    });
    const { data } = response.json<SavedAnswer>();
    const [row] = await test.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, data._id));
    expect(row).toMatchObject({ ownerId: seller.user.id, moderation: 'Pending', offer: 'Rent' });
  });

  it('stores a JPEG and a PNG sent as multipart, with repeated features and an owner name', async () => {
    const before = uploadedFiles(test);
    const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
      form: [
        ...fields(
          houseFields({
            status: 'sale',
            owner: 'Agence Kigali Homes',
            bedrooms: '3',
            features: ['Garden', ' Borehole ', 'Garden'],
          }),
        ),
        photoPart(await jpeg(1600, 1200), 'front.jpg', 'image/jpeg'),
        photoPart(await png(400, 300), 'plan.png', 'image/png'),
      ],
    });

    expectStatus(response, 201);
    const { message, data } = response.json<SavedAnswer>();
    expect(message).toBe(MESSAGES.submitted);
    expect(data).toMatchObject({
      kind: 'property',
      status: 'Sale',
      owner: 'Agence Kigali Homes',
      bedrooms: 3,
      features: ['Garden', 'Borehole'],
      moderation: 'Pending',
    });
    expect(data.photos).toEqual([photoViewShape(1600, 1200), photoViewShape(400, 300)]);
    expect(data.image).toBe(data.photos[0]!.src);
    const keys = data.photos.map((photo) => keyOf(photo.src));
    expect(new Set(keys).size).toBe(2);
    const newFiles = keys.flatMap(filesOfKey);
    expect(uploadedFiles(test)).toEqual([...before, ...newFiles].sort());
    for (const name of newFiles) {
      expect(fs.existsSync(path.join(test.dataDir, 'uploads', name)), name).toBe(true);
    }

    const served = await test.app.inject({ method: 'GET', url: data.image! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('takes the spec’s single photo from the `image` field', async () => {
    const data = await supply(seller, {
      form: [
        ...fields(houseFields()),
        photoPart(await jpeg(800, 600), 'a.jpg', 'image/jpeg', 'image'),
      ],
    });

    expect(data.photos).toEqual([photoViewShape(800, 600)]);
  });

  it('treats empty optional fields as absent (no 400) and drops blank features', async () => {
    const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
      form: fields(
        houseFields({
          owner: '',
          contact: '',
          description: '',
          bedrooms: '',
          bathrooms: ' ',
          toilets: '',
          area: '',
          transmission: '',
          rentalPrice: '',
          certified: '',
          features: ['', '  ', 'Garden', ''],
        }),
      ),
    });

    expectStatus(response, 201);
    expect(response.json<SavedAnswer>().data).toMatchObject({
      status: 'Rent',
      owner: 'Eric Mugisha',
      contact: '',
      description: '',
      // Properties store rooms as required columns: a blank count takes the column's default.
      bedrooms: 1,
      bathrooms: 1,
      toilets: 1,
      area: null,
      features: ['Garden'],
      transmission: null,
      rentalPrice: null,
      certified: null,
      photos: [],
    });
  });

  it('treats an empty status (a select left on its placeholder) as absent: Rent', async () => {
    const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
      form: fields(houseFields({ status: '' })),
    });

    expectStatus(response, 201);
    expect(response.json<SavedAnswer>().data.status).toBe('Rent');
  });

  it('accepts any case for the type and answers the canonical one', async () => {
    const data = await supply(seller, { json: houseFields({ type: 'aPARTMENT' }) });

    expect(data).toMatchObject({ kind: 'property', type: 'Apartment' });
  });
});

describe('POST /api/supply-property: asset kinds keep only their own fields', () => {
  it('creates a Car as an asset with transmission, fuel, certified and rental price; size stays null', async () => {
    const data = await supply(seller, {
      form: fields({
        title: 'Toyota RAV4 2018',
        type: 'Car',
        price: '18,500,000',
        location: 'Remera, Gasabo',
        transmission: 'Automatic',
        fuel: 'Petrol',
        certified: 'on',
        warranty: '6 months',
        rentalPrice: '45 000',
        rentDuration: 'per day',
        size: '20x30 m',
        condition: 'Used',
        bedrooms: '3',
        area: '120',
      }),
    });

    expect(data).toEqual(
      expect.objectContaining({
        kind: 'asset',
        type: 'Car',
        title: 'Toyota RAV4 2018',
        price: 18_500_000,
        status: 'Rent',
        moderation: 'Pending',
        transmission: 'Automatic',
        fuel: 'Petrol',
        certified: true,
        inspected: null,
        warranty: '6 months',
        rentalPrice: 45_000,
        rentDuration: 'per day',
        size: null,
        condition: null,
        sizeCloth: null,
        bedrooms: null,
        bathrooms: null,
        toilets: null,
        area: null,
        address: null,
      }),
    );
    const [row] = await test.database.db.select().from(assets).where(eq(assets.id, data._id));
    expect(row).toMatchObject({ name: 'Toyota RAV4 2018', size: null, condition: null });
  });

  it('creates Land with its size and no vehicle fields', async () => {
    const data = await supply(seller, {
      json: {
        title: 'Plot in Rebero',
        type: 'land',
        price: '30000000',
        status: 'Sale',
        location: 'Rebero, Kicukiro',
        size: '20x30 m',
        transmission: 'Manual',
        fuel: 'Diesel',
        certified: 'on',
      },
    });

    expect(data).toMatchObject({
      kind: 'asset',
      type: 'Land',
      status: 'Sale',
      size: '20x30 m',
      transmission: null,
      fuel: null,
      certified: null,
    });
  });

  it('creates Clothes with condition and clothing size only', async () => {
    const data = await supply(seller, {
      json: {
        title: 'Kitenge dress',
        type: 'Clothes',
        price: '25000',
        status: 'Sale',
        location: 'Nyarugenge',
        condition: 'New',
        sizeCloth: 'M',
        size: '20x30 m',
        fuel: 'Petrol',
      },
    });

    expect(data).toMatchObject({
      kind: 'asset',
      type: 'Clothes',
      condition: 'New',
      sizeCloth: 'M',
      size: null,
      fuel: null,
    });
  });
});

describe('POST /api/supply-property: bad input writes nothing', () => {
  for (const field of ['title', 'type', 'price', 'location'] as const) {
    it(`answers 400 naming ${field} when it is missing`, async () => {
      const rows = await countSupplyRows(test);
      const { [field]: _missing, ...rest } = houseFields();

      const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
        json: rest,
      });

      expectFieldError(response, field);
      expect(await countSupplyRows(test)).toBe(rows);
    });

    it(`answers 400 naming ${field} when it is blank in a multipart form with a photo`, async () => {
      const rows = await countSupplyRows(test);
      const before = uploadedFiles(test);

      const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
        form: [...fields(houseFields({ [field]: '   ' })), photoPart(await jpeg(300, 200))],
      });

      expectFieldError(response, field);
      expect(await countSupplyRows(test)).toBe(rows);
      expect(uploadedFiles(test)).toEqual(before);
    });
  }

  const invalid: [string, string, string][] = [
    [
      'type',
      'Boat',
      'must be one of House, Hotel, Apartment, Land, Car, Motorcycle, Clothes, Other',
    ],
    ['price', 'abc', 'Enter an amount in RWF, digits only'],
    ['price', '-5', 'Enter an amount in RWF, digits only'],
    ['status', 'Lease', 'must be Rent or Sale'],
    ['bedrooms', 'three', 'Enter a whole number from 0 to 1000'],
  ];
  for (const [field, value, message] of invalid) {
    it(`answers 400 naming ${field} for ${JSON.stringify(value)}`, async () => {
      const rows = await countSupplyRows(test);

      const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
        json: houseFields({ [field]: value }),
      });

      const body = expectFieldError(response, field);
      expect(body.message).toBe(`${field}: ${message}`);
      expect(body.issues).toContainEqual({ field, message });
      expect(await countSupplyRows(test)).toBe(rows);
    });
  }

  it('names every missing required field in the issues', async () => {
    const response = await call(test, 'POST', '/api/supply-property', seller.bearer, { json: {} });

    const body = expectFieldError(response, 'title');
    expect(body.issues?.map((issue) => issue.field)).toEqual(
      expect.arrayContaining(['title', 'type', 'price', 'location']),
    );
  });

  it('answers 401 to an anonymous visitor', async () => {
    const rows = await countSupplyRows(test);

    const response = await call(test, 'POST', '/api/supply-property', {}, { json: houseFields() });

    expectStatus(response, 401);
    expect(response.json()).toEqual({ message: MESSAGES.signInRequired });
    expect(await countSupplyRows(test)).toBe(rows);
  });
});

describe('POST /api/supply-property: photos', () => {
  const refused: [string, () => Promise<Buffer>, string, string, string][] = [
    [
      'an SVG',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">' +
            '<script>alert(1)</script><rect width="40" height="40" fill="red"/></svg>',
        ),
      'drawing.svg',
      'image/svg+xml',
      MESSAGES.notAPhoto,
    ],
    [
      'an HTML file renamed .jpg',
      async () =>
        Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'),
      'photo.jpg',
      'image/jpeg',
      MESSAGES.notAPhoto,
    ],
    [
      'a truncated JPEG',
      async () => {
        const whole = await picture(900, 600).jpeg().toBuffer();
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      'broken.jpg',
      'image/jpeg',
      MESSAGES.damaged,
    ],
  ];

  for (const [label, make, filename, contentType, message] of refused) {
    it(`refuses ${label} after a good photo: 400 naming photos, no row, no new file`, async () => {
      const rows = await countSupplyRows(test);
      const before = uploadedFiles(test);

      const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
        form: [
          ...fields(houseFields()),
          photoPart(await jpeg(800, 600)),
          photoPart(await make(), filename, contentType),
        ],
      });

      expectFieldError(response, 'photos');
      expect(response.json()).toEqual({
        message,
        issues: [{ field: 'photos', message: message.replace(/^photos: /, '') }],
      });
      expect(await countSupplyRows(test)).toBe(rows);
      expect(uploadedFiles(test)).toEqual(before);
    });
  }

  it('ignores an empty file input (a browser’s untouched file field) instead of refusing it', async () => {
    const before = uploadedFiles(test);
    const withOnlyEmpty = await supply(seller, {
      form: [...fields(houseFields()), photoPart(Buffer.alloc(0), '', 'application/octet-stream')],
    });
    expect(withOnlyEmpty).toMatchObject({ photos: [], image: null });
    expect(uploadedFiles(test)).toEqual(before);

    const withOneReal = await supply(seller, {
      form: [
        ...fields(houseFields()),
        photoPart(Buffer.alloc(0), 'empty.jpg', 'image/jpeg'),
        photoPart(await jpeg(640, 480)),
        photoPart(Buffer.alloc(0), 'also-empty.png', 'image/png', 'image'),
      ],
    });
    expect(withOneReal.photos).toEqual([photoViewShape(640, 480)]);
  });

  it('refuses 9 photos with a 400 naming photos, storing none', async () => {
    const rows = await countSupplyRows(test);
    const before = uploadedFiles(test);
    const photos: FormPart[] = [];
    for (let index = 0; index < 9; index += 1) {
      photos.push(photoPart(await png(32, 32), `photo-${index}.png`, 'image/png'));
    }

    const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
      form: [...fields(houseFields()), ...photos],
    });

    expectFieldError(response, 'photos');
    expect(response.json<ErrorAnswer>().message).toBe(MESSAGES.tooManyPhotos);
    expect(await countSupplyRows(test)).toBe(rows);
    expect(uploadedFiles(test)).toEqual(before);
  });
});

describe('a pending supply is not public', () => {
  it('is missing from the property page and from search until an admin approves it', async () => {
    const word = uniqueWord();
    const pending = await supply(seller, { json: houseFields({ title: `House ${word} Gisozi` }) });

    expectStatus(await call(test, 'GET', `/api/get-property/${pending._id}`), 404);
    const searched = await call(test, 'GET', `/api/search?q=${word}`);
    expectStatus(searched, 200);
    expect(searched.json()).toMatchObject({ properties: [], assets: [] });

    // The contrast proves the search word works: once approved, the same search finds it.
    const approve = await call(
      test,
      'PUT',
      `/api/supply-property/${pending._id}/approve`,
      admin.bearer,
    );
    expectStatus(approve, 200);
    const found = await call(test, 'GET', `/api/search?q=${word}`);
    expect(found.json<{ properties: { _id: string }[] }>().properties.map((p) => p._id)).toEqual([
      pending._id,
    ]);
    expectStatus(await call(test, 'GET', `/api/get-property/${pending._id}`), 200);
  });

  it('keeps a pending asset off the asset page and out of search', async () => {
    const word = uniqueWord();
    const pending = await supply(seller, {
      json: { title: `Bajaj ${word}`, type: 'Motorcycle', price: '1200000', location: 'Kimironko' },
    });

    expectStatus(await call(test, 'GET', `/api/property-asset/${pending._id}`), 404);
    const searched = await call(test, 'GET', `/api/search?q=${word}`);
    expect(searched.json()).toMatchObject({ properties: [], assets: [] });
  });
});

describe('GET /api/supply-property', () => {
  /** A fresh seller with two pending supplies and one approved, an hour apart (in the future). */
  async function sellerWithSupplies() {
    const owner = await createSignedInUser(test.database, {
      name: 'Claudine Uwimana',
      role: 'seller',
    });
    const hour = 3_600_000;
    const base = Date.now() + 400 * 24 * hour;
    const oldest = await createProperty(test.database.db, owner.user.id, {
      moderation: 'Pending',
      createdAt: new Date(base + hour),
    });
    const middle = await createAsset(test.database.db, owner.user.id, {
      moderation: 'Pending',
      createdAt: new Date(base + 2 * hour),
    });
    const newest = await createProperty(test.database.db, owner.user.id, {
      type: 'Hotel',
      moderation: 'Approved',
      createdAt: new Date(base + 3 * hour),
    });
    return { owner, ids: { oldest: oldest.id, middle: middle.id, newest: newest.id } };
  }

  it('lists only the seller’s own supplies of both kinds, newest first', async () => {
    const { owner, ids } = await sellerWithSupplies();
    await createProperty(test.database.db, otherSeller.user.id, { moderation: 'Pending' });

    const response = await call(test, 'GET', '/api/supply-property', owner.bearer);

    expectStatus(response, 200);
    const body = response.json<ListAnswer>();
    expect(body).toMatchObject({ page: 1, pageSize: 12, total: 3, isTotalCapped: false });
    expect(body.data.map((item) => [item._id, item.kind, item.moderation])).toEqual([
      [ids.newest, 'property', 'Approved'],
      [ids.middle, 'asset', 'Pending'],
      [ids.oldest, 'property', 'Pending'],
    ]);
    expect(body.data.every((item) => item.ownerId === owner.user.id)).toBe(true);
  });

  it('filters by moderation and pages', async () => {
    const { owner, ids } = await sellerWithSupplies();

    const pending = await call(
      test,
      'GET',
      '/api/supply-property?moderation=Pending',
      owner.bearer,
    );
    expect(pending.json<ListAnswer>()).toMatchObject({ total: 2 });
    expect(pending.json<ListAnswer>().data.map((item) => item._id)).toEqual([
      ids.middle,
      ids.oldest,
    ]);

    const approved = await call(
      test,
      'GET',
      '/api/supply-property?moderation=Approved',
      owner.bearer,
    );
    expect(approved.json<ListAnswer>().data.map((item) => item._id)).toEqual([ids.newest]);

    const rejected = await call(
      test,
      'GET',
      '/api/supply-property?moderation=Rejected',
      owner.bearer,
    );
    expect(rejected.json<ListAnswer>()).toMatchObject({ data: [], total: 0 });

    const secondPage = await call(
      test,
      'GET',
      '/api/supply-property?page=2&pageSize=2',
      owner.bearer,
    );
    expect(secondPage.json<ListAnswer>()).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(secondPage.json<ListAnswer>().data.map((item) => item._id)).toEqual([ids.oldest]);
  });

  it('shows an admin everyone’s supplies', async () => {
    const first = await sellerWithSupplies();
    const second = await sellerWithSupplies();

    const response = await call(test, 'GET', '/api/supply-property?pageSize=48', admin.bearer);

    expectStatus(response, 200);
    const body = response.json<ListAnswer>();
    const owners = new Set(body.data.map((item) => item.ownerId));
    expect(owners).toContain(first.owner.user.id);
    expect(owners).toContain(second.owner.user.id);
    const ids = body.data.map((item) => item._id);
    expect(ids).toEqual(
      expect.arrayContaining([...Object.values(first.ids), ...Object.values(second.ids)]),
    );
    const suppliedBy = (table: typeof properties | typeof assets) =>
      and(
        isNull(table.deletedAt),
        inArray(
          table.ownerId,
          test.database.db.select({ id: users.id }).from(users).where(ne(users.role, 'admin')),
        ),
      );
    const [liveProperties] = await test.database.db
      .select({ total: count() })
      .from(properties)
      .where(suppliedBy(properties));
    const [liveAssets] = await test.database.db
      .select({ total: count() })
      .from(assets)
      .where(suppliedBy(assets));
    expect(body.total).toBe(liveProperties!.total + liveAssets!.total);
  });

  it('leaves an admin’s own listings out of the admin’s list: they are not supplies', async () => {
    const adminProperty = await createProperty(test.database.db, admin.user.id, {
      moderation: 'Pending',
    });
    const adminAsset = await createAsset(test.database.db, admin.user.id);
    const sellerSupply = await supply(seller, { json: houseFields() });

    const response = await call(test, 'GET', '/api/supply-property?pageSize=48', admin.bearer);

    expectStatus(response, 200);
    const ids = response.json<ListAnswer>().data.map((item) => item._id);
    expect(ids).toContain(sellerSupply._id);
    expect(ids).not.toContain(adminProperty.id);
    expect(ids).not.toContain(adminAsset.id);
    const owners = new Set(response.json<ListAnswer>().data.map((item) => item.ownerId));
    expect(owners).not.toContain(admin.user.id);
  });

  it('answers 400 naming a bad query parameter', async () => {
    expectFieldError(
      await call(test, 'GET', '/api/supply-property?moderation=Maybe', seller.bearer),
      'moderation',
    );
    expectFieldError(
      await call(test, 'GET', '/api/supply-property?pageSize=100', seller.bearer),
      'pageSize',
    );
  });

  it('answers 401 to an anonymous visitor', async () => {
    const response = await call(test, 'GET', '/api/supply-property');

    expectStatus(response, 401);
    expect(response.json()).toEqual({ message: MESSAGES.signInRequired });
  });
});

describe('GET /api/supply-property/:id', () => {
  it('answers the owner and an admin; another seller, a buyer 403; anonymous 401', async () => {
    const created = await supply(seller, { json: houseFields({ bedrooms: '2' }) });
    const url = `/api/supply-property/${created._id}`;

    const own = await call(test, 'GET', url, seller.bearer);
    expectStatus(own, 200);
    expect(own.json()).toEqual({ data: { ...created, timeAgo: expect.any(String) } });

    const asAdmin = await call(test, 'GET', url, admin.bearer);
    expectStatus(asAdmin, 200);
    expect(asAdmin.json<{ data: SupplyView }>().data._id).toBe(created._id);

    for (const stranger of [otherSeller, buyer]) {
      const refused = await call(test, 'GET', url, stranger.bearer);
      expectStatus(refused, 403);
      expect(refused.json()).toEqual({ message: MESSAGES.forbidden });
    }
    const anonymous = await call(test, 'GET', url);
    expectStatus(anonymous, 401);
    expect(anonymous.json()).toEqual({ message: MESSAGES.signInRequired });
  });

  it('answers an asset supply with its kind fields', async () => {
    const created = await supply(seller, {
      json: {
        title: 'Honda CRF',
        type: 'Motorcycle',
        price: '3500000',
        location: 'Musanze',
        fuel: 'Petrol',
      },
    });

    const response = await call(test, 'GET', `/api/supply-property/${created._id}`, seller.bearer);

    expectStatus(response, 200);
    expect(response.json<{ data: SupplyView }>().data).toMatchObject({
      kind: 'asset',
      type: 'Motorcycle',
      fuel: 'Petrol',
    });
  });

  it('answers 404 for an unknown id and 400 naming id for a malformed one', async () => {
    for (const who of [seller, admin]) {
      expectStatus(
        await call(test, 'GET', `/api/supply-property/${randomUUID()}`, who.bearer),
        404,
      );
    }
    expectFieldError(
      await call(test, 'GET', '/api/supply-property/not-a-uuid', admin.bearer),
      'id',
    );
  });
});

describe('PUT /api/supply-property/:id', () => {
  it('sends the owner’s edit of an approved supply back to review, off the public page', async () => {
    const approved = await createProperty(test.database.db, seller.user.id, {
      moderation: 'Approved',
    });
    expectStatus(await call(test, 'GET', `/api/get-property/${approved.id}`), 200);

    const response = await call(test, 'PUT', `/api/supply-property/${approved.id}`, seller.bearer, {
      json: { title: 'Renovated family house in Kicukiro' },
    });

    expectStatus(response, 200);
    expect(response.json()).toEqual({
      message: MESSAGES.updated,
      data: expect.objectContaining({
        _id: approved.id,
        title: 'Renovated family house in Kicukiro',
        moderation: 'Pending',
        price: approved.price,
        bedrooms: approved.bedrooms,
        features: approved.features,
      }),
    });
    expectStatus(await call(test, 'GET', `/api/get-property/${approved.id}`), 404);
  });

  it('keeps the fields an edit leaves out, the offer (Sale) included', async () => {
    const forSale = await createProperty(test.database.db, seller.user.id, {
      moderation: 'Pending',
      offer: 'Sale',
    });

    const response = await call(test, 'PUT', `/api/supply-property/${forSale.id}`, seller.bearer, {
      json: { title: 'House for sale in Kicukiro' },
    });

    expectStatus(response, 200);
    expect(response.json<SavedAnswer>().data).toMatchObject({
      title: 'House for sale in Kicukiro',
      status: 'Sale',
      features: forSale.features,
      contact: forSale.contact,
    });
  });

  it('keeps an admin’s edit of an approved supply published', async () => {
    const approved = await createProperty(test.database.db, seller.user.id, {
      moderation: 'Approved',
    });

    const response = await call(test, 'PUT', `/api/supply-property/${approved.id}`, admin.bearer, {
      json: { title: 'Family house (checked by admin)' },
    });

    expectStatus(response, 200);
    expect(response.json<SavedAnswer>().data).toMatchObject({
      title: 'Family house (checked by admin)',
      moderation: 'Approved',
    });
    const published = await call(test, 'GET', `/api/get-property/${approved.id}`);
    expectStatus(published, 200);
    expect(published.json<{ property: { title: string } }>().property.title).toBe(
      'Family house (checked by admin)',
    );
  });

  it('refuses turning a house into a car (400 naming type) and changes nothing', async () => {
    const house = await supply(seller, { json: houseFields() });

    const response = await call(test, 'PUT', `/api/supply-property/${house._id}`, seller.bearer, {
      json: { type: 'Car', title: 'Now a car' },
    });

    expectFieldError(response, 'type');
    const [row] = await test.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, house._id));
    expect(row).toMatchObject({ type: 'House', title: house.title });
    const [asset] = await test.database.db.select().from(assets).where(eq(assets.id, house._id));
    expect(asset).toBeUndefined();
  });

  it('turns a house into an apartment', async () => {
    const house = await supply(seller, { json: houseFields() });

    const response = await call(test, 'PUT', `/api/supply-property/${house._id}`, seller.bearer, {
      json: { type: 'Apartment' },
    });

    expectStatus(response, 200);
    expect(response.json<SavedAnswer>().data).toMatchObject({
      kind: 'property',
      type: 'Apartment',
    });
  });

  it('turns a car into land, clearing the vehicle fields', async () => {
    const car = await createAsset(test.database.db, seller.user.id, { moderation: 'Pending' });

    const response = await call(test, 'PUT', `/api/supply-property/${car.id}`, seller.bearer, {
      json: { type: 'Land', title: 'Plot in Kanombe', size: '15x20 m' },
    });

    expectStatus(response, 200);
    expect(response.json<SavedAnswer>().data).toMatchObject({
      kind: 'asset',
      type: 'Land',
      size: '15x20 m',
      transmission: null,
      fuel: null,
      certified: null,
      warranty: null,
    });
  });

  it('replaces the photos with new ones; an edit without photos keeps them', async () => {
    const created = await supply(seller, {
      form: [
        ...fields(houseFields()),
        photoPart(await jpeg(800, 600)),
        photoPart(await png(300, 200)),
      ],
    });
    expect(created.photos).toHaveLength(2);

    const kept = await call(test, 'PUT', `/api/supply-property/${created._id}`, seller.bearer, {
      form: fields({ description: 'Freshly painted.' }),
    });
    expectStatus(kept, 200);
    expect(kept.json<SavedAnswer>().data.photos).toEqual(created.photos);

    const replaced = await call(test, 'PUT', `/api/supply-property/${created._id}`, seller.bearer, {
      form: [...fields({ description: 'New photos.' }), photoPart(await jpeg(1000, 750))],
    });
    expectStatus(replaced, 200);
    const { data } = replaced.json<SavedAnswer>();
    expect(data.photos).toEqual([photoViewShape(1000, 750)]);
    expect(created.photos.map((photo) => photo.src)).not.toContain(data.image);
    for (const name of filesOfKey(keyOf(data.image))) {
      expect(fs.existsSync(path.join(test.dataDir, 'uploads', name)), name).toBe(true);
    }
  });

  it('refuses a bad field or a bad photo with a 400, changing nothing and storing nothing', async () => {
    const created = await supply(seller, { json: houseFields() });
    const url = `/api/supply-property/${created._id}`;
    const before = uploadedFiles(test);

    expectFieldError(
      await call(test, 'PUT', url, seller.bearer, { json: { price: 'abc' } }),
      'price',
    );
    expectFieldError(
      await call(test, 'PUT', url, seller.bearer, {
        form: [
          ...fields({ title: 'With a fake photo' }),
          photoPart(await jpeg(400, 300)),
          photoPart(Buffer.from('<html></html>'), 'x.jpg'),
        ],
      }),
      'photos',
    );

    const [row] = await test.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, created._id));
    expect(row).toMatchObject({ title: created.title, price: created.price, photos: [] });
    expect(uploadedFiles(test)).toEqual(before);
  });

  it('answers another seller 403, anonymous 401 and an unknown id 404, changing nothing', async () => {
    const created = await supply(seller, { json: houseFields() });
    const url = `/api/supply-property/${created._id}`;

    const refused = await call(test, 'PUT', url, otherSeller.bearer, {
      json: { title: 'Mine now' },
    });
    expectStatus(refused, 403);
    expect(refused.json()).toEqual({ message: MESSAGES.forbidden });
    expectStatus(await call(test, 'PUT', url, {}, { json: { title: 'Anonymous' } }), 401);
    for (const who of [seller, admin]) {
      expectStatus(
        await call(test, 'PUT', `/api/supply-property/${randomUUID()}`, who.bearer, {
          json: { title: 'Ghost' },
        }),
        404,
      );
    }

    const [row] = await test.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, created._id));
    expect(row!.title).toBe(created.title);
  });
});

describe('DELETE /api/supply-property/:id', () => {
  it('withdraws the owner’s supply: gone from its page and their list, kept in the database', async () => {
    const created = await supply(seller, { json: houseFields({ title: 'House to withdraw' }) });
    const url = `/api/supply-property/${created._id}`;

    const response = await call(test, 'DELETE', url, seller.bearer);

    expectStatus(response, 200);
    expect(response.json()).toEqual({ message: MESSAGES.withdrawn });
    expectStatus(await call(test, 'GET', url, seller.bearer), 404);
    expectStatus(await call(test, 'GET', url, admin.bearer), 404);
    const list = await call(test, 'GET', '/api/supply-property?pageSize=48', seller.bearer);
    expect(list.json<ListAnswer>().data.map((item) => item._id)).not.toContain(created._id);
    expectStatus(await call(test, 'PUT', url, seller.bearer, { json: { title: 'Back' } }), 404);
    expectStatus(await call(test, 'DELETE', url, seller.bearer), 404);
    const [row] = await test.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, created._id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
  });

  it('takes a published supply off the public page and search', async () => {
    const word = uniqueWord();
    const published = await createAsset(test.database.db, seller.user.id, {
      ...NO_KIND_FIELDS,
      type: 'Other',
      name: `Sofa ${word}`,
      moderation: 'Approved',
    });
    expectStatus(await call(test, 'GET', `/api/property-asset/${published.id}`), 200);

    expectStatus(
      await call(test, 'DELETE', `/api/supply-property/${published.id}`, seller.bearer),
      200,
    );

    expectStatus(await call(test, 'GET', `/api/property-asset/${published.id}`), 404);
    const searched = await call(test, 'GET', `/api/search?q=${word}`);
    expect(searched.json()).toMatchObject({ assets: [] });
  });

  it('lets an admin withdraw anyone’s supply', async () => {
    const created = await supply(otherSeller, { json: houseFields() });

    expectStatus(
      await call(test, 'DELETE', `/api/supply-property/${created._id}`, admin.bearer),
      200,
    );

    expectStatus(
      await call(test, 'GET', `/api/supply-property/${created._id}`, otherSeller.bearer),
      404,
    );
  });

  it('answers another seller 403, anonymous 401 and an unknown id 404, withdrawing nothing', async () => {
    const created = await supply(seller, { json: houseFields() });
    const url = `/api/supply-property/${created._id}`;

    const refused = await call(test, 'DELETE', url, otherSeller.bearer);
    expectStatus(refused, 403);
    expect(refused.json()).toEqual({ message: MESSAGES.forbidden });
    expectStatus(await call(test, 'DELETE', url, buyer.bearer), 403);
    expectStatus(await call(test, 'DELETE', url), 401);
    expectStatus(
      await call(test, 'DELETE', `/api/supply-property/${randomUUID()}`, seller.bearer),
      404,
    );
    expectStatus(
      await call(test, 'DELETE', `/api/supply-property/${randomUUID()}`, admin.bearer),
      404,
    );

    expectStatus(await call(test, 'GET', url, seller.bearer), 200);
  });
});

describe('PUT /api/supply-property/:id/approve', () => {
  it('publishes a supply for an admin', async () => {
    const created = await supply(seller, {
      form: [...fields(houseFields()), photoPart(await jpeg(900, 600))],
    });
    const url = `/api/supply-property/${created._id}/approve`;

    const response = await call(test, 'PUT', url, admin.bearer);

    expectStatus(response, 200);
    expect(response.json()).toEqual({
      message: MESSAGES.approved,
      data: expect.objectContaining({ _id: created._id, moderation: 'Approved' }),
    });
    const published = await call(test, 'GET', `/api/get-property/${created._id}`);
    expectStatus(published, 200);
    expect(published.json<{ property: { photos: unknown[] } }>().property.photos).toEqual(
      created.photos,
    );
  });

  it('publishes an asset supply in the asset catalogue', async () => {
    const created = await supply(seller, {
      json: {
        title: 'Nissan Patrol',
        type: 'Car',
        price: '40000000',
        location: 'Kacyiru',
        fuel: 'Diesel',
      },
    });

    expectStatus(
      await call(test, 'PUT', `/api/supply-property/${created._id}/approve`, admin.bearer),
      200,
    );

    const published = await call(test, 'GET', `/api/property-asset/${created._id}`);
    expectStatus(published, 200);
    expectStatus(await call(test, 'GET', `/api/get-property/${created._id}`), 404);
  });

  it('refuses the supplying seller and a buyer (403) and anonymous (401)', async () => {
    const created = await supply(seller, { json: houseFields() });
    const url = `/api/supply-property/${created._id}/approve`;

    for (const who of [seller, buyer]) {
      const refused = await call(test, 'PUT', url, who.bearer);
      expectStatus(refused, 403);
      expect(refused.json()).toEqual({ message: MESSAGES.adminOnly });
    }
    expectStatus(await call(test, 'PUT', url), 401);

    const own = await call(test, 'GET', `/api/supply-property/${created._id}`, seller.bearer);
    expect(own.json<{ data: SupplyView }>().data.moderation).toBe('Pending');
  });

  it('answers 404 for an unknown or withdrawn supply and 400 naming id for a malformed one', async () => {
    const withdrawn = await supply(seller, { json: houseFields() });
    expectStatus(
      await call(test, 'DELETE', `/api/supply-property/${withdrawn._id}`, seller.bearer),
      200,
    );

    for (const id of [randomUUID(), withdrawn._id]) {
      expectStatus(
        await call(test, 'PUT', `/api/supply-property/${id}/approve`, admin.bearer),
        404,
      );
    }
    expectFieldError(
      await call(test, 'PUT', '/api/supply-property/not-a-uuid/approve', admin.bearer),
      'id',
    );
  });
});

/** The audit entries written about one target, oldest first. */
async function auditEntriesFor(targetId: string) {
  const rows = await test.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(asc(auditLog.createdAt));
  return rows;
}

describe('PUT /api/supply-property/:id/reject', () => {
  const reason = 'The photos show a different house; please send photos of this one.';

  it('rejects a supply with a reason the supplier then reads; approving clears it', async () => {
    const created = await supply(seller, { json: houseFields() });
    expect(created.rejectionReason).toBeNull();
    const url = `/api/supply-property/${created._id}/reject`;

    const response = await call(test, 'PUT', url, admin.bearer, {
      json: { reason: `  ${reason} ` },
    });

    expectStatus(response, 200);
    expect(response.json()).toEqual({
      message: MESSAGES.rejected,
      data: expect.objectContaining({
        _id: created._id,
        moderation: 'Rejected',
        rejectionReason: reason,
      }),
    });
    const own = await call(test, 'GET', `/api/supply-property/${created._id}`, seller.bearer);
    expect(own.json<{ data: SupplyView }>().data).toMatchObject({
      moderation: 'Rejected',
      rejectionReason: reason,
    });
    expectStatus(await call(test, 'GET', `/api/get-property/${created._id}`), 404);

    const approved = await call(
      test,
      'PUT',
      `/api/supply-property/${created._id}/approve`,
      admin.bearer,
    );
    expectStatus(approved, 200);
    expect(approved.json<SavedAnswer>().data).toMatchObject({
      moderation: 'Approved',
      rejectionReason: null,
    });
    const [row] = await test.database.db
      .select({ rejectionReason: properties.rejectionReason })
      .from(properties)
      .where(eq(properties.id, created._id));
    expect(row!.rejectionReason).toBeNull();
  });

  it('tells the supplier of each decision in-app and by e-mail, with the reason', async () => {
    const created = await supply(seller, { json: houseFields({ title: 'Told house' }) });
    const toSeller = async () => ({
      notices: await test.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, seller.user.id))
        .orderBy(asc(notifications.createdAt)),
      mails: await test.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, seller.user.email))
        .orderBy(asc(outbox.createdAt)),
    });
    const before = await toSeller();

    await call(test, 'PUT', `/api/supply-property/${created._id}/reject`, admin.bearer, {
      json: { reason },
    });
    const rejected = await toSeller();
    expect(rejected.notices.slice(before.notices.length)).toMatchObject([
      {
        kind: 'listing',
        title: 'Your listing "Told house" was not approved',
        message: reason,
        link: `/supply-property-detail/${created._id}`,
      },
    ]);
    const rejection = rejected.mails.at(-1)!;
    expect(rejection.subject).toBe('Your listing "Told house" was not approved');
    expect(rejection.body).toContain(reason);
    expect(rejection.body).toContain(`/supply-property-detail/${created._id}`);

    await call(test, 'PUT', `/api/supply-property/${created._id}/approve`, admin.bearer);
    const approved = await toSeller();
    expect(approved.notices.at(-1)).toMatchObject({
      title: 'Your listing "Told house" is published',
    });
    expect(approved.mails.at(-1)?.body).toContain(`/details/${created._id}`);
  });

  it('takes a published supply off the public page when it is rejected', async () => {
    const created = await supply(seller, { json: houseFields() });
    await call(test, 'PUT', `/api/supply-property/${created._id}/approve`, admin.bearer);
    expectStatus(await call(test, 'GET', `/api/get-property/${created._id}`), 200);

    expectStatus(
      await call(test, 'PUT', `/api/supply-property/${created._id}/reject`, admin.bearer, {
        json: { reason },
      }),
      200,
    );

    expectStatus(await call(test, 'GET', `/api/get-property/${created._id}`), 404);
  });

  it('sends a rejected supply back to review when its supplier edits it, dropping the reason', async () => {
    const created = await supply(seller, { json: houseFields() });
    await call(test, 'PUT', `/api/supply-property/${created._id}/reject`, admin.bearer, {
      json: { reason },
    });

    const edited = await call(test, 'PUT', `/api/supply-property/${created._id}`, seller.bearer, {
      json: { description: 'New photos follow.' },
    });

    expectStatus(edited, 200);
    expect(edited.json<SavedAnswer>().data).toMatchObject({
      moderation: 'Pending',
      rejectionReason: null,
    });
  });

  it('answers 400 naming reason when it is missing, blank or too long, changing nothing', async () => {
    const created = await supply(seller, { json: houseFields() });
    const url = `/api/supply-property/${created._id}/reject`;

    for (const json of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      expectFieldError(await call(test, 'PUT', url, admin.bearer, { json }), 'reason');
    }
    expectStatus(
      await call(test, 'PUT', url, admin.bearer, { json: { reason: 'x'.repeat(500) } }),
      200,
    );

    const untouched = await supply(seller, { json: houseFields() });
    expectFieldError(
      await call(test, 'PUT', `/api/supply-property/${untouched._id}/reject`, admin.bearer, {
        json: { reason: '' },
      }),
      'reason',
    );
    const own = await call(test, 'GET', `/api/supply-property/${untouched._id}`, seller.bearer);
    expect(own.json<{ data: SupplyView }>().data.moderation).toBe('Pending');
    expect(await auditEntriesFor(untouched._id)).toEqual([]);
  });

  it('answers 404 for an unknown or withdrawn supply and 400 naming id for a malformed one', async () => {
    const withdrawn = await supply(seller, { json: houseFields() });
    await call(test, 'DELETE', `/api/supply-property/${withdrawn._id}`, seller.bearer);

    for (const id of [randomUUID(), withdrawn._id]) {
      expectStatus(
        await call(test, 'PUT', `/api/supply-property/${id}/reject`, admin.bearer, {
          json: { reason },
        }),
        404,
      );
    }
    expectFieldError(
      await call(test, 'PUT', '/api/supply-property/not-a-uuid/reject', admin.bearer, {
        json: { reason },
      }),
      'id',
    );
  });

  it('refuses the supplying seller and a buyer (403) and anonymous (401)', async () => {
    const created = await supply(seller, { json: houseFields() });
    const url = `/api/supply-property/${created._id}/reject`;

    for (const who of [seller, buyer]) {
      const refused = await call(test, 'PUT', url, who.bearer, { json: { reason } });
      expectStatus(refused, 403);
      expect(refused.json()).toEqual({ message: MESSAGES.adminOnly });
    }
    expectStatus(await call(test, 'PUT', url, {}, { json: { reason } }), 401);

    const own = await call(test, 'GET', `/api/supply-property/${created._id}`, seller.bearer);
    expect(own.json<{ data: SupplyView }>().data.moderation).toBe('Pending');
  });
});

describe('the audit log of supply decisions', () => {
  it('records approve and reject with the admin, the state before and after', async () => {
    const created = await supply(seller, { json: houseFields() });
    const reason = 'Price missing a zero?';

    await call(test, 'PUT', `/api/supply-property/${created._id}/reject`, admin.bearer, {
      json: { reason },
    });
    await call(test, 'PUT', `/api/supply-property/${created._id}/approve`, admin.bearer);

    expect(await auditEntriesFor(created._id)).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'supply.reject',
        targetType: 'property',
        before: { moderation: 'Pending', rejectionReason: null },
        after: { moderation: 'Rejected', rejectionReason: reason },
      }),
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'supply.approve',
        targetType: 'property',
        before: { moderation: 'Rejected', rejectionReason: reason },
        after: { moderation: 'Approved', rejectionReason: null },
      }),
    ]);
  });

  it('records an admin’s delete and edit of someone else’s supply, with before and after', async () => {
    const edited = await supply(seller, { json: houseFields() });
    const deleted = await supply(seller, {
      json: { title: 'Toyota RAV4', type: 'Car', price: '21000000', location: 'Remera' },
    });

    expectStatus(
      await call(test, 'PUT', `/api/supply-property/${edited._id}`, admin.bearer, {
        json: { title: 'Four-bedroom house in Kicukiro (corrected)' },
      }),
      200,
    );
    expectStatus(
      await call(test, 'DELETE', `/api/supply-property/${deleted._id}`, admin.bearer),
      200,
    );

    expect(await auditEntriesFor(edited._id)).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'supply.update',
        targetType: 'property',
        before: expect.objectContaining({ title: 'Four-bedroom house in Kicukiro' }),
        after: expect.objectContaining({ title: 'Four-bedroom house in Kicukiro (corrected)' }),
      }),
    ]);
    expect(await auditEntriesFor(deleted._id)).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'supply.delete',
        targetType: 'asset',
        before: expect.objectContaining({ _id: deleted._id, title: 'Toyota RAV4' }),
        after: null,
      }),
    ]);
  });

  it('records nothing when a supplier edits or withdraws their own supply', async () => {
    const own = await supply(seller, { json: houseFields() });
    await call(test, 'PUT', `/api/supply-property/${own._id}`, seller.bearer, {
      json: { price: '460000' },
    });
    await call(test, 'DELETE', `/api/supply-property/${own._id}`, seller.bearer);

    expect(await auditEntriesFor(own._id)).toEqual([]);
  });
});
