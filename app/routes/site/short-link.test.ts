/**
 * The short links that end SMS notices: a code leads to its page in the language the SMS was
 * written in, one page keeps one code, and a code never given is a 404.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#db/schema.ts';
import { createProperty } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage } from '#test/page-requests.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

/** A lister with a proved number, writing in `locale`, and the SMS of a first inquiry to them. */
async function inquirySmsTo(locale: 'en' | 'fr') {
  const phone = `+25078${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const seller = await createSignedInUser(test.database, {
    role: 'seller',
    phone,
    phoneProvedAt: new Date(),
    locale,
  });
  const house = await createProperty(test.database.db, seller.user.id, {
    title: 'Maison de trois chambres à Kicukiro, près du marché',
  });
  const asked = await test.app.inject({
    method: 'POST',
    url: '/api/request-inform',
    payload: {
      listingId: house.id,
      name: 'Eric',
      email: `eric-${randomUUID()}@example.rw`,
      phone: '0788123456',
      role: 'buyer',
      message: 'Is it still free?',
      agree: true,
    },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const [sms] = await test.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.recipient, phone));
  return sms!;
}

describe('the short links of SMS', () => {
  it('end the SMS, which then fits one part even in French, and lead to the page in its language', async () => {
    const sms = await inquirySmsTo('fr');
    const [, code] = /^.+ http:\/\/localhost:3000\/s\/(\w{7})$/.exec(sms.body) ?? [];
    expect(code, sms.body).toBeDefined();
    expect(sms.parts).toBe(1);

    const answer = await requestPage(test, `/s/${code}`);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/fr\/inquiries\/[\w-]{36}$/);
    // Another SMS about the same page carries the same link.
    const again = await test.app.services.shortLinks.link(
      answer.location!.slice(3),
      test.database.db,
      'fr',
    );
    expect(again).toBe(`http://localhost:3000/s/${code}`);
  });

  it('give each language of a page its own code', async () => {
    const { shortLinks } = test.app.services;
    const english = await shortLinks.link('/payments/1', test.database.db, 'en');
    const kinyarwanda = await shortLinks.link('/payments/1', test.database.db, 'rw');
    expect(english).not.toBe(kinyarwanda);
    const code = kinyarwanda.split('/s/')[1]!;
    expect((await requestPage(test, `/s/${code}`)).location).toBe('/rw/payments/1');
  });

  it('answer 404 for a code never given, whatever its shape', async () => {
    for (const code of ['Zz9Zz9Z', 'short', 'not-a-code-at-all', '%2F%2Fevil.example']) {
      expect((await requestPage(test, `/s/${code}`)).status, code).toBe(404);
    }
  });
});
