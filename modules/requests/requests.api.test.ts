import { placeCentre } from '#lib/place-centres.ts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, propertyRequests } from '#db/schema.ts';
import { createPropertyRequest } from '#seed/factories.ts';
import { PHOTO_WIDTHS } from '#lib/photos.ts';
import {
  browserHeaders,
  createSignedInUser,
  createTestApp,
  type TestApp,
} from '#server/testing.ts';
import { RequestInputSchema, RequestListQuerySchema, type RequestView } from './requests.schema.ts';
import {
  call,
  fields,
  jpeg,
  photoPart,
  picture,
  png,
  type Body,
  type FormPart,
  type Method,
} from '#test/form-requests.ts';

const MESSAGES = {
  submitted: 'Your request has been submitted successfully!',
  updated: 'Your request has been updated.',
  removed: 'Your request has been removed.',
  notFound: 'Property not found.',
  signInRequired: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  notAPhoto: 'photos: must be a JPEG, PNG, WebP, AVIF or HEIC photo',
  damaged: 'photos: a photo is damaged or incomplete and could not be read',
  tooManyPhotos: 'photos: at most 8 photos',
} as const;

/** UPLOAD_MAX_MB as createTestApp leaves it (the config default); it offers no way to lower it. */
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The JSON the request form posts with the three required fields. */
function requiredFields(overrides: Record<string, string | string[]> = {}) {
  return {
    title: 'Two-bedroom apartment near town',
    price: '350000',
    location: 'Kimihurura, Gasabo',
    ...overrides,
  };
}

function uploadsDir(app: TestApp): string {
  return path.join(app.dataDir, 'uploads');
}

/** The stored photo files, without the temporary ones a write goes through. */
function uploadedFiles(app: TestApp): string[] {
  return fs
    .readdirSync(uploadsDir(app))
    .filter((name) => !name.startsWith('.'))
    .sort();
}

/** The files a photo's key is stored under, one per width. */
function filesOfKey(key: string): string[] {
  return PHOTO_WIDTHS.map((width) => `${key}-${width}.webp`);
}

function keyOf(src: string): string {
  const key = /^\/media\/([a-z0-9]+)-640\.webp$/.exec(src)?.[1];
  expect(key, src).toBeDefined();
  return key!;
}

async function countRequestRows(app: TestApp): Promise<number> {
  const [row] = await app.database.db.select({ total: count() }).from(propertyRequests);
  return row!.total;
}

type ErrorAnswer = { message: string; issues?: { field: string; message: string }[] };

function expectFieldError(response: LightMyRequestResponse, field: string, status = 400) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorAnswer>();
  expect(body.message.startsWith(`${field}: `), body.message).toBe(true);
  return body;
}

type SavedAnswer = { message: string; data: RequestView };
type ListAnswer = {
  data: RequestView[];
  page: number;
  pageSize: number;
  total: number;
  isTotalCapped: boolean;
};

const photoViewShape = (width: number, height: number) => ({
  src: expect.stringMatching(/^\/media\/[a-z0-9]+-640\.webp$/),
  srcSet: expect.stringMatching(/-320\.webp 320w, .+-640\.webp 640w, .+-1280\.webp 1280w$/),
  width,
  height,
  placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
});

let test: TestApp;
let buyer: Awaited<ReturnType<typeof createSignedInUser>>;
let otherBuyer: Awaited<ReturnType<typeof createSignedInUser>>;
let seller: Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp();
  buyer = await createSignedInUser(test.database, { name: 'Jean Bosco', role: 'buyer' });
  otherBuyer = await createSignedInUser(test.database, { name: 'Grace Ingabire', role: 'buyer' });
  seller = await createSignedInUser(test.database, { name: 'Eric Mugisha', role: 'seller' });
  admin = await createSignedInUser(test.database, { name: 'Site Admin', role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

describe('POST /api/request-property', () => {
  it('creates a request from JSON without photos; the requester name defaults to the user', async () => {
    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      json: {
        ...requiredFields(),
        contact: '0788123456',
        description: 'Quiet street, close to a bus stop.',
        type: 'Apartment',
        bedrooms: '2',
        bathrooms: '1',
        toilets: '2',
        area: '90',
        features: ['Balcony', 'Water tank'],
      },
    });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      message: MESSAGES.submitted,
      data: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: 'Two-bedroom apartment near town',
        price: 350_000,
        // The specification's payload names no district: the location text gives it.
        location: 'Kimihurura, Gasabo',
        district: 'Gasabo',
        sector: 'Kimihurura',
        cell: null,
        street: 'Kimihurura, Gasabo',
        // No pin: shown at the sector's centre; the requester sees that they set none.
        latitude: placeCentre('Gasabo', 'Kimihurura')!.latitude,
        longitude: placeCentre('Gasabo', 'Kimihurura')!.longitude,
        locationPrecision: 'sector',
        exactLatitude: null,
        exactLongitude: null,
        pricePeriod: null,
        requesterName: 'Jean Bosco',
        requesterId: buyer.user.id,
        contact: '0788123456',
        description: 'Quiet street, close to a bus stop.',
        type: 'Apartment',
        bedrooms: 2,
        bathrooms: 1,
        toilets: 2,
        area: 90,
        features: ['Balcony', 'Water tank'],
        status: 'Open',
        image: null,
        photos: [],
        createdAt: expect.any(String),
        timeAgo: expect.any(String),
      },
    });
    const { data } = response.json<SavedAnswer>();
    const [row] = await test.database.db
      .select()
      .from(propertyRequests)
      .where(eq(propertyRequests.id, data._id));
    expect(row).toMatchObject({ requesterId: buyer.user.id, status: 'Open', photos: [] });
  });

  it('keeps a requester name given in the form, and leaves optional fields empty', async () => {
    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      json: { ...requiredFields(), requesterName: '  Aline U.  ' },
    });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SavedAnswer>().data).toMatchObject({
      requesterName: 'Aline U.',
      contact: null,
      description: '',
      type: null,
      bedrooms: null,
      bathrooms: null,
      toilets: null,
      area: null,
      features: [],
      image: null,
      photos: [],
    });
  });

  it('creates a request from a multipart form with two photos and repeated features', async () => {
    const before = uploadedFiles(test);
    const cover = await jpeg(1200, 800);
    const second = await png(400, 300);

    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      form: [
        ...fields({
          title: 'Family house with a garden',
          price: '1,500,000',
          location: 'Kicukiro, Kigali',
          type: 'house',
          bedrooms: '3',
          bathrooms: '',
          area: '120sqm',
          features: ['  Parking ', '', 'Garden', 'Parking'],
        }),
        photoPart(cover, 'IMG_2024.jpg', 'image/jpeg'),
        photoPart(second, 'garden.png', 'image/png'),
      ],
    });

    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<SavedAnswer>();
    expect(body.message).toBe(MESSAGES.submitted);
    expect(body.data).toMatchObject({
      title: 'Family house with a garden',
      price: 1_500_000,
      location: 'Kicukiro, Kigali',
      requesterName: 'Jean Bosco',
      type: 'House',
      bedrooms: 3,
      bathrooms: null,
      area: 120,
      features: ['Parking', 'Garden'],
      status: 'Open',
    });
    expect(body.data.photos).toEqual([photoViewShape(1200, 800), photoViewShape(400, 300)]);
    expect(body.data.image).toBe(body.data.photos[0]!.src);

    const keys = body.data.photos.map((photo) => keyOf(photo.src));
    expect(new Set(keys).size).toBe(2);
    const expected = keys.flatMap(filesOfKey);
    expect(uploadedFiles(test)).toEqual([...before, ...expected].sort());
    for (const name of expected) {
      const metadata = await sharp(path.join(uploadsDir(test), name)).metadata();
      expect(metadata.format, name).toBe('webp');
    }
    // The cover is stored at its own width (1200) under the 1280 name: never enlarged.
    const largest = await sharp(path.join(uploadsDir(test), `${keys[0]}-1280.webp`)).metadata();
    expect([largest.width, largest.height]).toEqual([1200, 800]);

    const served = await test.app.inject({ method: 'GET', url: body.data.image! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('takes the spec form’s single `image` file as the cover', async () => {
    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      form: [
        ...fields(requiredFields()),
        photoPart(await jpeg(640, 480), 'house.jpg', 'image/jpeg', 'image'),
      ],
    });

    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json<SavedAnswer>();
    expect(data.photos).toEqual([photoViewShape(640, 480)]);
    expect(data.image).toBe(data.photos[0]!.src);
  });

  it('ignores an empty file input (no photo chosen) and files in other fields', async () => {
    const before = uploadedFiles(test);
    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      form: [
        ...fields(requiredFields()),
        photoPart(Buffer.alloc(0), '', 'application/octet-stream'),
        photoPart(await jpeg(200, 200), 'other.jpg', 'image/jpeg', 'attachment'),
      ],
    });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SavedAnswer>().data).toMatchObject({ image: null, photos: [] });
    expect(uploadedFiles(test)).toEqual(before);
  });

  it('accepts a multipart post from the browser with the session cookie', async () => {
    const response = await call(
      test,
      'POST',
      '/api/request-property',
      browserHeaders(buyer.token),
      {
        form: fields(requiredFields({ title: 'Posted from the browser' })),
      },
    );

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SavedAnswer>().data).toMatchObject({
      title: 'Posted from the browser',
      requesterId: buyer.user.id,
    });
  });

  for (const bedrooms of ['Minimum', '-1', '2.5', '1001']) {
    it(`refuses bedrooms ${JSON.stringify(bedrooms)} with a 400 naming bedrooms`, async () => {
      const rows = await countRequestRows(test);
      const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
        form: fields(requiredFields({ bedrooms })),
      });

      const body = expectFieldError(response, 'bedrooms');
      expect(body.issues).toContainEqual({ field: 'bedrooms', message: expect.any(String) });
      expect(await countRequestRows(test)).toBe(rows);
    });
  }

  for (const [field, value] of [
    ['price', 'about 300k'],
    ['price', '-5'],
    ['area', 'big'],
    ['type', 'Castle'],
  ] as const) {
    it(`refuses ${field} ${JSON.stringify(value)} with a 400 naming ${field}`, async () => {
      const rows = await countRequestRows(test);
      const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
        json: requiredFields({ [field]: value }),
      });

      expectFieldError(response, field);
      expect(await countRequestRows(test)).toBe(rows);
    });
  }
});

describe('POST /api/request-property: required fields', () => {
  for (const field of ['title', 'price', 'location'] as const) {
    it(`answers 400 naming ${field} when it is missing (JSON), and writes nothing`, async () => {
      const rows = await countRequestRows(test);
      const payload: Record<string, string> = requiredFields();
      delete payload[field];

      const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
        json: payload,
      });

      expectFieldError(response, field);
      expect(await countRequestRows(test)).toBe(rows);
    });

    it(`answers 400 naming ${field} when it is blank (multipart), and stores no photo`, async () => {
      const rows = await countRequestRows(test);
      const before = uploadedFiles(test);

      const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
        form: [...fields(requiredFields({ [field]: '   ' })), photoPart(await jpeg(300, 200))],
      });

      expectFieldError(response, field);
      expect(await countRequestRows(test)).toBe(rows);
      expect(uploadedFiles(test)).toEqual(before);
    });
  }

  it('names every missing field in the issues', async () => {
    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      json: {},
    });

    const body = expectFieldError(response, 'title');
    expect(body.issues?.map((issue) => issue.field)).toEqual(
      expect.arrayContaining(['title', 'price', 'location']),
    );
  });
});

describe('POST /api/request-property: rejected files', () => {
  const refused: [string, () => Promise<Buffer>, string, string][] = [
    [
      'an SVG',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">' +
            '<script>alert(1)</script><rect width="40" height="40" fill="red"/></svg>',
        ),
      'drawing.svg',
      'image/svg+xml',
    ],
    [
      'a PDF',
      async () =>
        Buffer.from(
          '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
            '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
        ),
      'title-deed.pdf',
      'application/pdf',
    ],
    [
      'an HTML file renamed .jpg',
      async () =>
        Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'),
      'photo.jpg',
      'image/jpeg',
    ],
    [
      'a script renamed .png',
      async () => Buffer.from('#!/bin/sh\nrm -rf /\n'),
      'photo.png',
      'image/png',
    ],
  ];

  for (const [label, make, filename, contentType] of refused) {
    it(`refuses ${label} after a good photo: 400 naming photos, no row, no file`, async () => {
      const rows = await countRequestRows(test);
      const before = uploadedFiles(test);

      const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
        form: [
          ...fields(requiredFields()),
          photoPart(await jpeg(800, 600)),
          photoPart(await make(), filename, contentType),
        ],
      });

      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        message: MESSAGES.notAPhoto,
        issues: [{ field: 'photos', message: expect.any(String) }],
      });
      expect(await countRequestRows(test)).toBe(rows);
      expect(uploadedFiles(test)).toEqual(before);
    });
  }

  it('refuses a truncated JPEG after a good one, removing the good one’s files', async () => {
    const rows = await countRequestRows(test);
    const before = uploadedFiles(test);
    const whole = await picture(900, 600).jpeg().toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));

    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      form: [
        ...fields(requiredFields()),
        photoPart(await jpeg(800, 600)),
        photoPart(truncated, 'broken.jpg'),
      ],
    });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorAnswer>().message).toBe(MESSAGES.damaged);
    expect(await countRequestRows(test)).toBe(rows);
    expect(uploadedFiles(test)).toEqual(before);
  });

  for (const howMany of [9, 10]) {
    it(`refuses ${howMany} photos with a 400 naming photos, storing none`, async () => {
      const rows = await countRequestRows(test);
      const before = uploadedFiles(test);
      const photos: FormPart[] = [];
      for (let index = 0; index < howMany; index += 1) {
        photos.push(photoPart(await png(32, 32), `photo-${index}.png`, 'image/png'));
      }

      const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
        form: [...fields(requiredFields()), ...photos],
      });

      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ErrorAnswer>().message).toBe(MESSAGES.tooManyPhotos);
      expect(await countRequestRows(test)).toBe(rows);
      expect(uploadedFiles(test)).toEqual(before);
    });
  }

  it('accepts exactly 8 photos', async () => {
    const photos: FormPart[] = [];
    for (let index = 0; index < 8; index += 1) {
      photos.push(photoPart(await png(32, 32), `photo-${index}.png`, 'image/png'));
    }

    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      form: [...fields(requiredFields()), ...photos],
    });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SavedAnswer>().data.photos).toHaveLength(8);
  });

  it('answers 413 naming photos for a file over UPLOAD_MAX_MB, writing nothing', async () => {
    // createTestApp takes no upload limit, so this sends just over the default 10 MB.
    const rows = await countRequestRows(test);
    const before = uploadedFiles(test);
    const tooLarge = Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 0xff);

    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      form: [...fields(requiredFields()), photoPart(tooLarge, 'huge.jpg')],
    });

    expect(response.statusCode, response.body).toBe(413);
    expect(response.json<ErrorAnswer>().message).toMatch(/^photos: /);
    expect(await countRequestRows(test)).toBe(rows);
    expect(uploadedFiles(test)).toEqual(before);
  });
});

describe('a failed database write leaves no orphan files', () => {
  it('removes the photos it stored when the row cannot be written (unknown requester)', async () => {
    const rows = await countRequestRows(test);
    const before = uploadedFiles(test);
    const input = RequestInputSchema.parse(requiredFields());

    await expect(
      test.app.services.requests.createRequest(input, [await jpeg(1000, 700)], {
        id: randomUUID(),
        role: 'buyer',
        name: 'Nobody',
      }),
    ).rejects.toThrow();

    expect(await countRequestRows(test)).toBe(rows);
    expect(uploadedFiles(test)).toEqual(before);
  });

  it('keeps the files of a photo another request already holds', async () => {
    const shared = await jpeg(700, 500);
    const first = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      form: [...fields(requiredFields()), photoPart(shared)],
    });
    expect(first.statusCode, first.body).toBe(201);
    const sharedFiles = filesOfKey(keyOf(first.json<SavedAnswer>().data.image!));
    const before = uploadedFiles(test);
    expect(before).toEqual(expect.arrayContaining(sharedFiles));

    const input = RequestInputSchema.parse(requiredFields());
    await expect(
      test.app.services.requests.createRequest(input, [shared, await png(500, 500)], {
        id: randomUUID(),
        role: 'buyer',
        name: 'Nobody',
      }),
    ).rejects.toThrow();

    expect(uploadedFiles(test)).toEqual(before);
  });

  /** A NUL character passes zod's string checks, but PostgreSQL text cannot hold it. */
  const titleWithNul = 'Flat\u0000in town';

  it('removes the stored photos when the database refuses a field zod accepted', async () => {
    const rows = await countRequestRows(test);
    const before = uploadedFiles(test);

    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      form: [...fields(requiredFields({ title: titleWithNul })), photoPart(await jpeg(600, 400))],
    });

    expect(response.statusCode, response.body).not.toBe(201);
    expect(response.body).not.toMatch(/null|0x00|byte sequence|postgres|insert/i);
    expect(await countRequestRows(test)).toBe(rows);
    expect(uploadedFiles(test)).toEqual(before);
  });

  // PostgreSQL text cannot hold a NUL: the text schemas refuse control characters, so the
  // answer is a 400 naming the field rather than a database error.
  it('answers 400 naming title, not 500, for a title with a NUL character', async () => {
    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      json: requiredFields({ title: titleWithNul }),
    });

    expectFieldError(response, 'title');
  });
});

describe('access to the request routes', () => {
  it('answers 401 to an anonymous caller on every route', async () => {
    const existing = await createPropertyRequest(test.database.db, buyer.user.id);
    const rows = await countRequestRows(test);
    const attempts: [Method, string, Body][] = [
      ['POST', '/api/request-property', { json: requiredFields() }],
      ['POST', '/api/request-property', { form: fields(requiredFields()) }],
      ['GET', '/api/request-property', {}],
      ['GET', `/api/request-property/${existing.id}`, {}],
      ['PUT', `/api/request-property/${existing.id}`, { json: { status: 'Closed' } }],
      ['DELETE', `/api/request-property/${existing.id}`, {}],
    ];

    for (const [method, url, body] of attempts) {
      const response = await call(test, method, url, {}, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.signInRequired });
    }
    expect(await countRequestRows(test)).toBe(rows);
    const [row] = await test.database.db
      .select()
      .from(propertyRequests)
      .where(eq(propertyRequests.id, existing.id));
    expect(row).toMatchObject({ status: 'Open', deletedAt: null });
  });

  it('answers 401 to a bearer token that is not a session', async () => {
    const response = await call(test, 'GET', '/api/request-property', {
      authorization: `Bearer ${randomUUID()}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets any signed-in user, a seller too, read an open request', async () => {
    const existing = await createPropertyRequest(test.database.db, buyer.user.id, {
      title: 'Open for every seller',
    });

    for (const user of [seller, otherBuyer, buyer, admin]) {
      const response = await call(test, 'GET', `/api/request-property/${existing.id}`, user.bearer);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: RequestView }>().data).toMatchObject({
        _id: existing.id,
        title: 'Open for every seller',
        requesterName: 'Diane Mukamana',
        requesterId: buyer.user.id,
        status: 'Open',
        features: ['Parking'],
        image: null,
        photos: [],
      });
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await call(test, 'GET', `/api/request-property/${randomUUID()}`, seller.bearer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MESSAGES.notFound });

    const malformed = await call(test, 'GET', '/api/request-property/not-a-uuid', seller.bearer);
    expectFieldError(malformed, 'id');
  });

  it('hides a closed request from others (404) but shows it to its requester and admins', async () => {
    const closed = await createPropertyRequest(test.database.db, buyer.user.id, {
      status: 'Closed',
    });
    const url = `/api/request-property/${closed.id}`;

    for (const user of [seller, otherBuyer]) {
      const response = await call(test, 'GET', url, user.bearer);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.notFound });
    }
    for (const user of [buyer, admin]) {
      const response = await call(test, 'GET', url, user.bearer);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: RequestView }>().data).toMatchObject({
        _id: closed.id,
        status: 'Closed',
      });
    }
  });
});

describe('GET /api/request-property', () => {
  /** Its own database, so totals and order are exactly what this block creates. */
  let lists: TestApp;
  let requester: Awaited<ReturnType<typeof createSignedInUser>>;
  let browsingSeller: Awaited<ReturnType<typeof createSignedInUser>>;
  let ids: Record<'kicukiro' | 'remera' | 'nyamirambo' | 'closed' | 'other', string>;

  beforeAll(async () => {
    lists = await createTestApp();
    requester = await createSignedInUser(lists.database, { role: 'buyer' });
    const otherRequester = await createSignedInUser(lists.database, { role: 'buyer' });
    browsingSeller = await createSignedInUser(lists.database, { role: 'seller' });
    const db = lists.database.db;
    const at = (day: number) => new Date(Date.UTC(2025, 0, day));
    ids = {
      kicukiro: (
        await createPropertyRequest(db, requester.user.id, {
          location: 'Kicukiro, Kigali',
          type: 'House',
          createdAt: at(1),
        })
      ).id,
      remera: (
        await createPropertyRequest(db, requester.user.id, {
          location: 'Remera, Gasabo',
          type: 'Apartment',
          createdAt: at(2),
        })
      ).id,
      nyamirambo: (
        await createPropertyRequest(db, otherRequester.user.id, {
          location: 'Nyamirambo',
          type: 'House',
          createdAt: at(3),
        })
      ).id,
      closed: (
        await createPropertyRequest(db, requester.user.id, {
          location: 'Kicukiro centre',
          type: 'House',
          status: 'Closed',
          createdAt: at(4),
        })
      ).id,
      other: (
        await createPropertyRequest(db, otherRequester.user.id, {
          location: 'Kanombe, Kicukiro',
          type: 'Land',
          createdAt: at(5),
        })
      ).id,
    };
    // Removed requests are kept in the database but never listed.
    await createPropertyRequest(db, requester.user.id, {
      location: 'Kicukiro, removed',
      type: 'House',
      createdAt: at(6),
      deletedAt: at(7),
    });
  });

  afterAll(async () => {
    await lists.close();
  });

  async function list(query: string, user = browsingSeller): Promise<ListAnswer> {
    const response = await call(lists, 'GET', `/api/request-property${query}`, user.bearer);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListAnswer>();
  }

  const idsOf = (answer: ListAnswer) => answer.data.map((request) => request._id);

  it('lists every open request to a seller, newest first, with the page facts', async () => {
    const answer = await list('');

    expect(idsOf(answer)).toEqual([ids.other, ids.nyamirambo, ids.remera, ids.kicukiro]);
    expect(answer).toMatchObject({ page: 1, pageSize: 12, total: 4, isTotalCapped: false });
    expect(answer.data.every((request) => request.status === 'Open')).toBe(true);
  });

  it('pages through the list', async () => {
    const answer = await list('?page=2&pageSize=3');

    expect(idsOf(answer)).toEqual([ids.kicukiro]);
    expect(answer).toMatchObject({ page: 2, pageSize: 3, total: 4, isTotalCapped: false });
  });

  it('filters by type, in any case', async () => {
    expect(idsOf(await list('?type=House'))).toEqual([ids.nyamirambo, ids.kicukiro]);
    expect(idsOf(await list('?type=house'))).toEqual([ids.nyamirambo, ids.kicukiro]);
    expect(await list('?type=Hotel')).toMatchObject({ data: [], total: 0 });
  });

  it('filters by a case-insensitive part of the location, its district or its sector', async () => {
    expect(idsOf(await list('?location=kicu'))).toEqual([ids.other, ids.kicukiro]);
    expect(idsOf(await list('?location=GASABO'))).toEqual([ids.remera]);
    expect(idsOf(await list('?type=House&location=kicu'))).toEqual([ids.kicukiro]);
    // The district a request's place is in, though its text does not name it.
    expect(idsOf(await list('?location=nyarugenge'))).toEqual([ids.nyamirambo]);
  });

  it('reads % and _ in the location literally, not as wildcards', async () => {
    expect(await list('?location=%25')).toMatchObject({ data: [], total: 0 });
    expect(await list('?location=_')).toMatchObject({ data: [], total: 0 });
  });

  it('gives the caller’s own requests, open and closed, with mine=true', async () => {
    expect(idsOf(await list('?mine=true', requester))).toEqual([
      ids.closed,
      ids.remera,
      ids.kicukiro,
    ]);
    expect(idsOf(await list('?mine=1&type=House', requester))).toEqual([ids.closed, ids.kicukiro]);
    expect(await list('?mine=true', browsingSeller)).toMatchObject({ data: [], total: 0 });
  });

  it('refuses bad query values with a 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['?type=Castle', 'type'],
      ['?pageSize=100', 'pageSize'],
      ['?page=0', 'page'],
      ['?mine=maybe', 'mine'],
    ] as const) {
      const response = await call(
        lists,
        'GET',
        `/api/request-property${query}`,
        browsingSeller.bearer,
      );
      expectFieldError(response, field);
    }
  });
});

describe('PUT and DELETE /api/request-property/:id', () => {
  async function newRequest() {
    return createPropertyRequest(test.database.db, buyer.user.id, {
      title: 'Bungalow wanted',
      features: ['Parking', 'Garden'],
    });
  }

  it('lets the requester close and retitle their request, keeping the other fields', async () => {
    const existing = await newRequest();

    const response = await call(test, 'PUT', `/api/request-property/${existing.id}`, buyer.bearer, {
      json: { status: 'Closed', title: 'Bungalow wanted (found one)' },
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: MESSAGES.updated,
      data: expect.objectContaining({
        _id: existing.id,
        title: 'Bungalow wanted (found one)',
        status: 'Closed',
        price: 400_000,
        location: 'Kicukiro, Kigali',
        requesterName: 'Diane Mukamana',
        contact: '0788654321',
        type: 'House',
        bedrooms: 3,
        features: ['Parking', 'Garden'],
      }),
    });

    const reopened = await call(test, 'PUT', `/api/request-property/${existing.id}`, buyer.bearer, {
      json: { status: 'Open' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json<SavedAnswer>().data).toMatchObject({
      status: 'Open',
      title: 'Bungalow wanted (found one)',
      features: ['Parking', 'Garden'],
    });
  });

  it('replaces the photos when the requester sends new ones', async () => {
    const existing = await newRequest();

    const response = await call(test, 'PUT', `/api/request-property/${existing.id}`, buyer.bearer, {
      form: [
        ...fields({ price: '450,000' }),
        photoPart(await png(500, 400), 'new.png', 'image/png'),
      ],
    });

    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<SavedAnswer>();
    expect(data).toMatchObject({ price: 450_000, title: 'Bungalow wanted' });
    expect(data.photos).toEqual([photoViewShape(500, 400)]);
    expect(data.image).toBe(data.photos[0]!.src);
    expect(uploadedFiles(test)).toEqual(expect.arrayContaining(filesOfKey(keyOf(data.image!))));
  });

  it('refuses a bad edit with a 400 naming the field, changing nothing', async () => {
    const existing = await newRequest();
    for (const [json, field] of [
      [{ status: 'Archived' }, 'status'],
      [{ title: '   ' }, 'title'],
      [{ bedrooms: 'Minimum' }, 'bedrooms'],
    ] as const) {
      const response = await call(
        test,
        'PUT',
        `/api/request-property/${existing.id}`,
        buyer.bearer,
        {
          json,
        },
      );
      expectFieldError(response, field);
    }
    const [row] = await test.database.db
      .select()
      .from(propertyRequests)
      .where(eq(propertyRequests.id, existing.id));
    expect(row).toMatchObject({ title: 'Bungalow wanted', status: 'Open', bedrooms: 3 });
  });

  it('refuses another buyer (403) and an anonymous caller (401)', async () => {
    const existing = await newRequest();
    const url = `/api/request-property/${existing.id}`;

    for (const user of [otherBuyer, seller]) {
      const response = await call(test, 'PUT', url, user.bearer, { json: { status: 'Closed' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGES.forbidden });
    }
    const anonymous = await call(test, 'PUT', url, {}, { json: { status: 'Closed' } });
    expect(anonymous.statusCode).toBe(401);

    const [row] = await test.database.db
      .select()
      .from(propertyRequests)
      .where(eq(propertyRequests.id, existing.id));
    expect(row).toMatchObject({ status: 'Open', title: 'Bungalow wanted' });
  });

  it('lets an admin edit any request', async () => {
    const existing = await newRequest();

    const response = await call(test, 'PUT', `/api/request-property/${existing.id}`, admin.bearer, {
      json: { status: 'Closed' },
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SavedAnswer>()).toMatchObject({
      message: MESSAGES.updated,
      data: { _id: existing.id, status: 'Closed', requesterId: buyer.user.id },
    });
  });

  it('refuses to delete another user’s request (403), then lets the owner remove it', async () => {
    const existing = await newRequest();
    const url = `/api/request-property/${existing.id}`;

    for (const user of [otherBuyer, seller]) {
      const response = await call(test, 'DELETE', url, user.bearer);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGES.forbidden });
    }
    expect((await call(test, 'DELETE', url)).statusCode).toBe(401);
    expect((await call(test, 'GET', url, otherBuyer.bearer)).statusCode).toBe(200);

    const removed = await call(test, 'DELETE', url, buyer.bearer);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: MESSAGES.removed });

    for (const user of [buyer, otherBuyer]) {
      const after = await call(test, 'GET', url, user.bearer);
      expect(after.statusCode).toBe(404);
      expect(after.json()).toEqual({ message: MESSAGES.notFound });
    }
    const mine = await call(
      test,
      'GET',
      '/api/request-property?mine=true&pageSize=48',
      buyer.bearer,
    );
    expect(mine.json<ListAnswer>().data.map((request) => request._id)).not.toContain(existing.id);

    // Removed: neither editable nor removable again.
    expect((await call(test, 'DELETE', url, buyer.bearer)).statusCode).toBe(404);
    const edit = await call(test, 'PUT', url, buyer.bearer, { json: { status: 'Open' } });
    expect(edit.statusCode).toBe(404);
  });

  it('lets an admin remove any request', async () => {
    const existing = await newRequest();

    const response = await call(
      test,
      'DELETE',
      `/api/request-property/${existing.id}`,
      admin.bearer,
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.removed });
    const entries = await test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, existing.id));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'request.delete',
        targetType: 'request',
        before: expect.objectContaining({ _id: existing.id, title: 'Bungalow wanted' }),
        after: null,
      }),
    ]);
    expect(
      (await call(test, 'GET', `/api/request-property/${existing.id}`, admin.bearer)).statusCode,
    ).toBe(404);
  });

  it('records no audit entry when the requester removes their own request', async () => {
    const existing = await newRequest();

    expect(
      (await call(test, 'DELETE', `/api/request-property/${existing.id}`, buyer.bearer)).statusCode,
    ).toBe(200);

    const entries = await test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, existing.id));
    expect(entries).toEqual([]);
  });

  it('answers 404 for an unknown id, to the owner role and to an admin', async () => {
    const url = `/api/request-property/${randomUUID()}`;
    for (const user of [buyer, admin]) {
      const edit = await call(test, 'PUT', url, user.bearer, { json: { status: 'Closed' } });
      expect(edit.statusCode, `PUT as ${user.user.role}`).toBe(404);
      const removal = await call(test, 'DELETE', url, user.bearer);
      expect(removal.statusCode, `DELETE as ${user.user.role}`).toBe(404);
    }
  });

  it('answers a malformed id with a 400 or 404, never a 500', async () => {
    const url = '/api/request-property/not-a-uuid';
    for (const user of [buyer, admin]) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await call(test, method, url, user.bearer, {
          json: method === 'PUT' ? { status: 'Closed' } : undefined,
        });
        expect([400, 404], `${method} as ${user.user.role}: ${response.body}`).toContain(
          response.statusCode,
        );
      }
    }
  });
});

describe('the admin’s review list (requests service)', () => {
  it('gives an admin every request, open and closed, newest first; deleted ones left out', async () => {
    const open = await createPropertyRequest(test.database.db, buyer.user.id, {
      createdAt: new Date(Date.now() + 3_600_000),
    });
    const closed = await createPropertyRequest(test.database.db, otherBuyer.user.id, {
      status: 'Closed',
      createdAt: new Date(Date.now() + 7_200_000),
    });
    const deleted = await createPropertyRequest(test.database.db, buyer.user.id, {
      createdAt: new Date(Date.now() + 10_800_000),
      deletedAt: new Date(),
    });
    const { requests } = test.app.services;
    const query = RequestListQuerySchema.parse({ pageSize: '48' });

    const page = await requests.listAllRequests(query, admin.user);

    const ids = page.items.map((item) => item._id);
    expect(ids.slice(0, 2)).toEqual([closed.id, open.id]);
    expect(ids).not.toContain(deleted.id);
    const [live] = await test.database.db
      .select({ total: count() })
      .from(propertyRequests)
      .where(isNull(propertyRequests.deletedAt));
    expect(page.total).toBe(live!.total);
    const publicList = await requests.listRequests(query, seller.user);
    expect(publicList.items.map((item) => item._id)).not.toContain(closed.id);
  });

  it('refuses anyone but an admin', async () => {
    const query = RequestListQuerySchema.parse({});
    for (const who of [buyer, seller]) {
      await expect(test.app.services.requests.listAllRequests(query, who.user)).rejects.toThrow(
        'Only admins can do this.',
      );
    }
  });
});
