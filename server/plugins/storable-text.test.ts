import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteSettings } from '#db/schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '../testing.ts';

/** The server with a signed-in admin, shared by the requests below. */
let test: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp();
  admin = await createSignedInUser(test.database, { role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

describe('a JSON body with a broken character', () => {
  /** PUT /api/settings as the admin with `body` sent as it is, as JSON. */
  function putRawSettings(body: string) {
    return test.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: body,
    });
  }

  it('is refused with the field named, and nothing is written', async () => {
    // JSON's escape is the way a lone surrogate travels; PostgreSQL's jsonb refuses it.
    const response = await putRawSettings('{"aboutText":"About \\ud800 us"}');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'aboutText: must be valid text (it holds a broken character)',
      issues: [{ field: 'aboutText', message: 'must be valid text (it holds a broken character)' }],
    });
    expect(await test.database.db.select().from(siteSettings)).toEqual([]);
    expect(
      await test.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.user.id)),
    ).toEqual([]);
  });

  it('is saved when its characters are whole, emoji included', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.bearer,
      payload: { aboutText: 'About us 🏡' },
    });

    expect(response.statusCode).toBe(200);
    expect(await test.app.services.settings.getPlatformSettings()).toMatchObject({
      aboutText: 'About us 🏡',
    });
  });

  it('is saved when a whole pair arrives as JSON escapes', async () => {
    const response = await putRawSettings('{"aboutText":"About us \\uD83C\\uDFE1"}');

    expect(response.statusCode).toBe(200);
    expect(await test.app.services.settings.getPlatformSettings()).toMatchObject({
      aboutText: 'About us 🏡',
    });
  });

  it('is refused when a text holds a NUL, which PostgreSQL cannot store', async () => {
    const response = await putRawSettings('{"aboutText":"About\\u0000 us"}');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      issues: [{ field: 'aboutText', message: 'must be valid text (it holds a broken character)' }],
    });
  });

  it('still answers a body that is not JSON at all as before', async () => {
    const response = await putRawSettings('{"aboutText":');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'body: must be valid JSON' });
  });
});

describe('a query string with a NUL', () => {
  it('is refused with the parameter named, where PostgreSQL would have failed', async () => {
    // Found by the API fuzz test on PostgreSQL: the admin's location filter answered 500.
    const response = await test.app.inject({
      url: '/api/get-properties?location=%00',
      headers: admin.bearer,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'location: must be valid text (it holds a broken character)',
      issues: [{ field: 'location', message: 'must be valid text (it holds a broken character)' }],
    });
  });

  it('lets every other query through as before', async () => {
    const response = await test.app.inject({
      url: '/api/get-properties?location=Kicukiro',
      headers: admin.bearer,
    });

    expect(response.statusCode).toBe(200);
  });
});
