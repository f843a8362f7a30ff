/**
 * Retention (visitors' conversations erased after the period of Platform Settings) and e-mail
 * consent (newsletter mail only to subscribers), with an injected clock.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inquiries,
  inquiryMessages,
  newsletterSubscriptions,
  outbox,
  siteSettings,
} from '#db/schema.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { DEFAULT_PLATFORM_SETTINGS } from '#modules/settings/settings.schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

const START = new Date('2026-06-15T09:00:00.000Z');
let now = START;

let test: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let listingId: string;

beforeAll(async () => {
  test = await createTestApp({ clock: () => now });
  owner = await createUser(test.database.db, { role: 'seller' });
  listingId = (await createProperty(test.database.db, owner.id)).id;
});

afterAll(async () => {
  await test.close();
});

const monthsAgo = (months: number, days = 0) => {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  date.setUTCDate(date.getUTCDate() - days);
  return date;
};

/** A conversation whose last message is at `lastMessageAt`, with one reply. */
async function createConversation(lastMessageAt: Date) {
  const [row] = await test.database.db
    .insert(inquiries)
    .values({
      propertyId: listingId,
      ownerId: owner.id,
      name: 'A visitor',
      email: 'visitor@example.rw',
      phone: '0788123456',
      role: 'buyer',
      message: 'Is it free?',
      createdAt: lastMessageAt,
      lastMessageAt,
    })
    .returning({ id: inquiries.id });
  await test.database.db
    .insert(inquiryMessages)
    .values({ inquiryId: row!.id, from: 'owner', body: 'Yes.', createdAt: lastMessageAt });
  return row!.id;
}

async function remaining(ids: string[]) {
  const rows = await test.database.db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(inArray(inquiries.id, ids));
  return rows.map((row) => row.id).sort();
}

describe('inquiry retention', () => {
  it('erases only conversations (and their messages) older than the default 24 months, idempotently', async () => {
    const old = await createConversation(monthsAgo(24, 1));
    const deletedOld = await createConversation(monthsAgo(30));
    await test.database.db
      .update(inquiries)
      .set({ deletedAt: monthsAgo(29) })
      .where(eq(inquiries.id, deletedOld));
    const recent = await createConversation(monthsAgo(23, 27));
    const fresh = await createConversation(monthsAgo(0, 1));
    const { privacy } = test.app.services;

    expect(await privacy.eraseExpiredInquiries()).toBe(2);
    expect(await remaining([old, deletedOld, recent, fresh])).toEqual([recent, fresh].sort());
    const messages = await test.database.db
      .select({ id: inquiryMessages.id })
      .from(inquiryMessages)
      .where(inArray(inquiryMessages.inquiryId, [old, deletedOld]));
    expect(messages).toEqual([]);

    // A second run finds nothing more; a later one takes what has aged since.
    expect(await privacy.eraseExpiredInquiries()).toBe(0);
    now = new Date(START.getTime() + 10 * 24 * 60 * 60 * 1000);
    expect(await privacy.eraseExpiredInquiries()).toBe(1);
    expect(await remaining([recent, fresh])).toEqual([fresh]);
    now = START;
  });

  it('follows the period saved in Platform Settings, and erases in batches', async () => {
    const admin = await createSignedInUser(test.database, { role: 'admin' });
    const saved = await test.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.bearer,
      payload: { ...DEFAULT_PLATFORM_SETTINGS, inquiryRetentionMonths: 6 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().inquiryRetentionMonths).toBe(6);
    const lastMessageAt = monthsAgo(7);
    const many = (
      await test.database.db
        .insert(inquiries)
        .values(
          Array.from({ length: 501 }, (_, index) => ({
            propertyId: listingId,
            ownerId: owner.id,
            name: `Visitor ${index}`,
            email: 'visitor@example.rw',
            phone: '0788123456',
            role: 'buyer' as const,
            message: 'Is it free?',
            lastMessageAt,
          })),
        )
        .returning({ id: inquiries.id })
    ).map((row) => row.id);
    const kept = await createConversation(monthsAgo(5));
    expect(await test.app.services.privacy.eraseExpiredInquiries()).toBe(501);
    expect(await remaining([...many, kept])).toEqual([kept]);
    await test.database.db.delete(siteSettings);
  });

  it('reads 24 months from stored settings without the field, and refuses 0 or 121 naming it', async () => {
    const admin = await createSignedInUser(test.database, { role: 'admin' });
    const { contactEmail, footerText } = DEFAULT_PLATFORM_SETTINGS;
    await test.database.db
      .insert(siteSettings)
      .values({ key: 'platform', value: { contactEmail, footerText } })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: { contactEmail } } });
    // Past the settings' short-lived copy, which still holds the 6 months saved before.
    now = new Date(START.getTime() + 60_000);
    const read = await test.app.inject({ url: '/api/settings', headers: admin.bearer });
    expect(read.json().inquiryRetentionMonths).toBe(24);
    now = START;
    for (const value of [0, 121, 2.5, 'many']) {
      const refused = await test.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin.bearer,
        payload: { ...DEFAULT_PLATFORM_SETTINGS, inquiryRetentionMonths: value },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^inquiryRetentionMonths: /);
    }
    await test.database.db.delete(siteSettings);
  });
});

describe('e-mail consent', () => {
  it('writes newsletter mail only to a subscribed address', async () => {
    const { mail } = test.app.services;
    const message = {
      kind: 'newsletter' as const,
      subject: 'New homes this week',
      text: 'Ten new houses in Kicukiro.',
    };
    await mail.send({ ...message, to: 'stranger@example.rw' });
    await test.database.db.insert(newsletterSubscriptions).values({ email: 'Reader@example.rw' });
    await mail.send({ ...message, to: 'reader@EXAMPLE.rw' });
    const rows = await test.database.db
      .select({ recipient: outbox.recipient })
      .from(outbox)
      .where(eq(outbox.subject, message.subject));
    expect(rows).toEqual([{ recipient: 'reader@EXAMPLE.rw' }]);
  });
});
