/** The API answers in the language `Accept-Language` prefers; pages in their address's. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#db/schema.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { localeFromAcceptLanguage } from '#lib/i18n.server.ts';
import { enAdmin } from '#lib/messages/en.admin.ts';
import { frAdmin } from '#lib/messages/fr.admin.ts';
import { rwAdmin } from '#lib/messages/rw.admin.ts';
import { createTestApp, type TestApp } from '../testing.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

describe('localeFromAcceptLanguage', () => {
  it.each([
    ['rw-RW,rw;q=0.9,en;q=0.8', 'rw'],
    ['fr-FR,fr;q=0.9', 'fr'],
    ['en-GB,en;q=0.9,rw;q=0.5', 'en'],
    ['de-DE,fr;q=0.4', 'fr'],
    ['sw,rw;q=0.7,fr;q=0.8', 'fr'],
    ['kin', 'rw'],
    ['rw;q=0, fr;q=0.1', 'fr'],
    ['', 'en'],
    [undefined, 'en'],
    ['*', 'en'],
    ['de, sw', 'en'],
  ] as const)('%j prefers %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('API answers by Accept-Language', () => {
  const unknownListing = (acceptLanguage?: string) =>
    test.app.inject({
      method: 'GET',
      url: `/api/get-property/${randomUUID()}`,
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });

  it('answers a missing listing in Kinyarwanda, French or English', async () => {
    expect((await unknownListing('rw-RW,rw;q=0.9')).json().message).toBe(
      rwAdmin['api.propertyNotFound'],
    );
    expect((await unknownListing('fr')).json().message).toBe(frAdmin['api.propertyNotFound']);
    expect((await unknownListing('de')).json().message).toBe(enAdmin['api.propertyNotFound']);
    expect((await unknownListing()).json().message).toBe('Property not found');
  });

  it('names the bad field in the caller’s language', async () => {
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { 'accept-language': 'fr' },
      payload: { email: 'not-an-address' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(`email: ${frAdmin['validation.email']}`);
  });

  it('writes the e-mails a call sends in the caller’s language', async () => {
    const owner = await createUser(test.database.db, { role: 'seller', locale: 'fr' });
    const house = await createProperty(test.database.db, owner.id, { title: 'Inzu i Remera' });
    const visitor = `visitor-${randomUUID()}@example.rw`;
    const asked = await test.app.inject({
      method: 'POST',
      url: '/api/request-inform',
      headers: { 'accept-language': 'rw' },
      payload: {
        listingId: house.id,
        name: 'Eric',
        email: visitor,
        phone: '0788123456',
        role: 'buyer',
        message: 'Iracyaboneka?',
        agree: true,
      },
    });
    expect(asked.statusCode).toBe(201);
    const mailTo = (address: string) =>
      test.database.db.select().from(outbox).where(eq(outbox.recipient, address));
    // The visitor asked in Kinyarwanda; the owner chose French.
    const [confirmation] = await mailTo(visitor);
    expect(confirmation!.subject).toBe(
      rwAdmin['inquiries.confirmMailSubject'].replace('{title}', 'Inzu i Remera'),
    );
    const [toOwner] = await mailTo(owner.email);
    expect(toOwner!.subject).toBe(
      frAdmin['inquiries.newMailSubject'].replace('{title}', 'Inzu i Remera'),
    );
    // Their links open the site in their language, and so do the unsubscribe links.
    expect(confirmation!.body).toContain(`/rw/property/${house.id}`);
    expect(confirmation!.unsubscribeUrl).toMatch(/\/rw\/unsubscribe\?token=/);
    expect(toOwner!.body).toMatch(/\/fr\/inquiries\/[\w-]+/);
    expect(toOwner!.unsubscribeUrl).toMatch(/\/fr\/unsubscribe\?token=/);
  });
});
