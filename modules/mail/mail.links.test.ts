/**
 * Every e-mail the platform sends links to the site in its recipient's language: '/rw/…' and
 * '/fr/…' for Kinyarwanda and French readers, the plain address for English ones, whoever
 * caused the e-mail and in whatever language they were browsing.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, inquiries, outbox } from '#db/schema.ts';
import { createProperty, createPropertyRequest, createUser } from '#seed/factories.ts';
import type { Locale } from '#lib/i18n.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

const ORIGIN = 'https://inzu.example';
const DAY_MS = 24 * 60 * 60 * 1000;

let test: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let seller: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp({ publicUrl: ORIGIN });
  // Whoever causes the e-mails browses in English.
  admin = await createSignedInUser(test.database, { role: 'admin', locale: 'en' });
  seller = await createSignedInUser(test.database, { role: 'seller', locale: 'en' });
});

afterAll(async () => {
  await test.close();
});

const inLanguage = (locale: Locale) => ({ 'accept-language': locale });
const newAddress = () => `reader-${randomUUID()}@example.rw`;
/** A place no other test uses, so that listings only meet their own requests. */
const newPlace = () => `Zone${randomUUID().replaceAll('-', '').slice(0, 8)}`;

async function inject(options: InjectOptions) {
  const answer = await test.app.inject(options);
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer;
}

const runJobs = async () => {
  await test.app.services.jobs.runDue();
  await test.app.services.jobs.runDue({ isIncludingLater: true });
};

/** A guest asks about a published house of the English seller, from a page in `locale`. */
async function guestAsks(locale: Locale, email: string, headers: Record<string, string> = {}) {
  const house = await createProperty(test.database.db, seller.user.id, { title: 'Quiet house' });
  await inject({
    method: 'POST',
    url: '/api/request-inform',
    headers: { ...inLanguage(locale), ...headers },
    payload: {
      listingId: house.id,
      name: 'Eric Mugisha',
      email,
      phone: '0788123456',
      role: 'buyer',
      message: 'Is it still free in January?',
      agree: true,
    },
  });
  const [row] = await test.database.db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(eq(inquiries.email, email));
  return row!.id;
}

/** The English seller answers a conversation. */
const sellerAnswers = (inquiryId: string) =>
  inject({
    method: 'POST',
    url: `/api/inquiries/${inquiryId}/messages`,
    headers: { ...seller.bearer, ...inLanguage('en') },
    payload: { body: 'Yes, from the 1st.' },
  });

/** A pending supply of the English seller, approved by the English admin. */
async function approvedSupply(ownerId: string, overrides: Parameters<typeof createProperty>[2]) {
  const supply = await createProperty(test.database.db, ownerId, {
    moderation: 'Pending',
    ...overrides,
  });
  await inject({
    method: 'PUT',
    url: `/api/supply-property/${supply.id}/approve`,
    headers: { ...admin.bearer, ...inLanguage('en') },
  });
  return supply;
}

/** Each kind of e-mail: what makes it go to a reader of `locale`, answering their address. */
const EMAILS: [string, (locale: Locale) => Promise<string>][] = [
  [
    'an administrator’s reply to a contact message',
    async (locale) => {
      const email = newAddress();
      await inject({
        method: 'POST',
        url: '/api/create-message',
        headers: inLanguage(locale),
        payload: { username: 'Eric', email, message: 'Do you list houses in Kimironko?' },
      });
      const [message] = await test.database.db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.email, email));
      await test.app.services.inbox.replyToMessage(message!.id, { reply: 'Yes.' }, admin.user);
      return email;
    },
  ],
  [
    'the newsletter’s welcome',
    async (locale) => {
      const email = newAddress();
      await inject({
        method: 'POST',
        url: '/api/subscribe',
        headers: inLanguage(locale),
        payload: { email },
      });
      return email;
    },
  ],
  [
    'a guest’s inquiry confirmed, and the lister’s answer to it',
    async (locale) => {
      const email = newAddress();
      await sellerAnswers(await guestAsks(locale, email));
      return email;
    },
  ],
  [
    'a signed-in visitor’s inquiry confirmed, and the lister’s answer to it',
    async (locale) => {
      const visitor = await createSignedInUser(test.database, { role: 'buyer', locale });
      await sellerAnswers(await guestAsks(locale, visitor.user.email, visitor.bearer));
      return visitor.user.email;
    },
  ],
  [
    'a new inquiry, to its lister',
    async (locale) => {
      const lister = await createSignedInUser(test.database, { role: 'seller', locale });
      const house = await createProperty(test.database.db, lister.user.id);
      await inject({
        method: 'POST',
        url: '/api/request-inform',
        headers: inLanguage('en'),
        payload: {
          listingId: house.id,
          name: 'Eric',
          email: newAddress(),
          phone: '0788123456',
          role: 'buyer',
          message: 'Still free?',
          agree: false,
        },
      });
      return lister.user.email;
    },
  ],
  [
    'listings that match a buyer’s request',
    async (locale) => {
      const buyer = await createSignedInUser(test.database, { role: 'buyer', locale });
      const place = newPlace();
      await createPropertyRequest(test.database.db, buyer.user.id, {
        location: place,
        price: 400_000,
        bedrooms: 2,
      });
      await approvedSupply(seller.user.id, {
        title: `House in ${place}`,
        location: place,
        price: 400_000,
        bedrooms: 2,
      });
      await runJobs();
      return buyer.user.email;
    },
  ],
  [
    'a saved search’s alert',
    async (locale) => {
      const buyer = await createSignedInUser(test.database, { role: 'buyer', locale });
      await inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: buyer.bearer,
        payload: {
          name: 'Gikondo',
          filters: { type: 'house', offer: 'rent', district: 'kicukiro', sector: 'gikondo' },
        },
      });
      await approvedSupply(seller.user.id, {
        title: 'House in Gikondo',
        type: 'House',
        offer: 'Rent',
        location: 'Gikondo, Kicukiro',
        district: 'Kicukiro',
        sector: 'Gikondo',
      });
      await runJobs();
      return buyer.user.email;
    },
  ],
  [
    'a saved listing’s price drop',
    async (locale) => {
      const saver = await createSignedInUser(test.database, { role: 'buyer', locale });
      const house = await createProperty(test.database.db, admin.user.id, { price: 500_000 });
      await inject({
        method: 'POST',
        url: '/api/favourites',
        headers: saver.bearer,
        payload: { listingId: house.id },
      });
      await inject({
        method: 'PUT',
        url: `/api/update-property/${house.id}`,
        headers: { ...admin.bearer, ...inLanguage('en') },
        payload: { price: '450000' },
      });
      await runJobs();
      return saver.user.email;
    },
  ],
  [
    'a warning that a listing is about to expire',
    async (locale) => {
      const owner = await createSignedInUser(test.database, { role: 'seller', locale });
      await createProperty(test.database.db, owner.user.id, {
        confirmedAt: new Date(Date.now() - 55 * DAY_MS),
      });
      await test.app.services.expiry.sweep();
      return owner.user.email;
    },
  ],
  [
    'the approval of a supply',
    async (locale) => {
      const owner = await createSignedInUser(test.database, { role: 'seller', locale });
      await approvedSupply(owner.user.id, { title: 'New house' });
      return owner.user.email;
    },
  ],
  [
    'an administrator’s personal message',
    async (locale) => {
      const user = await createSignedInUser(test.database, { role: 'buyer', locale });
      await test.app.services.notifications.sendPersonalMessage(user.user.id, 'Hi', admin.user);
      return user.user.email;
    },
  ],
  [
    'a notice that the account’s address changed, to the old address',
    async (locale) => {
      const user = await createSignedInUser(test.database, { role: 'buyer', locale });
      await inject({
        method: 'PUT',
        url: `/api/user/${user.user.id}`,
        headers: { ...admin.bearer, ...inLanguage('en') },
        payload: { name: user.user.name, email: newAddress() },
      });
      return user.user.email;
    },
  ],
  [
    'a password reset link',
    async (locale) => {
      const user = await createUser(test.database.db, { locale });
      await inject({
        method: 'POST',
        url: '/api/forgot-password',
        headers: inLanguage('en'),
        payload: { email: user.email },
      });
      return user.email;
    },
  ],
  [
    'the link that proves the address of a new account',
    async (locale) => {
      const email = newAddress();
      await inject({
        method: 'POST',
        url: '/api/signup',
        headers: inLanguage(locale),
        payload: {
          username: 'Aline',
          email,
          role: 'buyer',
          password: 'a long passphrase',
          confirmPassword: 'a long passphrase',
        },
      });
      return email;
    },
  ],
  [
    'the link that proves an address, asked for again',
    async (locale) => {
      const user = await createSignedInUser(test.database, { role: 'buyer', locale });
      await inject({
        method: 'POST',
        url: '/api/me/email-proof',
        headers: { ...user.bearer, ...inLanguage('en') },
      });
      return user.user.email;
    },
  ],
];

/** Every address of this site in an e-mail: in its text, and its unsubscribe header. */
function siteLinksOf(mail: { body: string; unsubscribeUrl: string | null }): string[] {
  const inText = mail.body.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  return [...inText, mail.unsubscribeUrl ?? '']
    .filter((link) => link.startsWith(ORIGIN))
    .map((link) => link.slice(ORIGIN.length));
}

describe.each([
  ['rw', (path: string) => path.startsWith('/rw/')],
  ['fr', (path: string) => path.startsWith('/fr/')],
  ['en', (path: string) => path.startsWith('/') && !/^\/(rw|fr)([/?#]|$)/.test(path)],
] as const)('for a reader of %s', (locale, isInLanguage) => {
  it.each(EMAILS)('%s links in their language', async (_kind, send) => {
    const address = await send(locale);

    const mails = await test.database.db
      .select({ subject: outbox.subject, body: outbox.body, unsubscribeUrl: outbox.unsubscribeUrl })
      .from(outbox)
      .where(eq(sql`lower(${outbox.recipient})`, address.toLowerCase()));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      const paths = siteLinksOf(mail);
      expect(paths.length, mail.body).toBeGreaterThan(0);
      expect(
        paths.filter((path) => !isInLanguage(path)),
        mail.body,
      ).toEqual([]);
    }
  });
});
