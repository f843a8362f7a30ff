/**
 * The first e-mail of every conversation, to the visitor and to the owner, carries the safety
 * tips (never pay before a viewing, check the UPI, meet in daylight); later replies do not.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#db/schema.ts';
import { createProperty } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

const TIPS = [
  'Stay safe:',
  '- Never pay before you have seen the place and met the owner.',
  "- Check a plot's or house's UPI with the land office before paying.",
  '- Meet in daylight, in a public place, and bring someone with you.',
].join('\n');

let test: TestApp;
let seller: Awaited<ReturnType<typeof createSignedInUser>>;
let visitor: Awaited<ReturnType<typeof createSignedInUser>>;
let houseId: string;

beforeAll(async () => {
  test = await createTestApp();
  seller = await createSignedInUser(test.database, { role: 'seller', name: 'Grace Uwase' });
  visitor = await createSignedInUser(test.database, { role: 'buyer', name: 'Eric Mugisha' });
  houseId = (await createProperty(test.database.db, seller.user.id, { title: 'House in Gikondo' }))
    .id;
});

afterAll(async () => {
  await test.close();
});

/** The e-mails sent to `recipient`, oldest first. */
const mailTo = (recipient: string) =>
  test.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(outbox.createdAt);

function ask(email: string, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/api/request-inform',
    headers,
    payload: {
      listingId: houseId,
      name: 'Eric Mugisha',
      email,
      phone: '0788123456',
      role: 'buyer',
      message: 'Can I visit on Saturday?',
      agree: true,
    },
  });
}

describe('safety tips in e-mails', () => {
  it('go in the first e-mail to the owner and to the visitor, not in a reply', async () => {
    const asked = await ask(visitor.user.email, visitor.bearer);
    expect(asked.statusCode, asked.body).toBe(201);

    const [ownerMail] = await mailTo(seller.user.email);
    expect(ownerMail!.body).toContain('Can I visit on Saturday?');
    expect(ownerMail!.body).toContain(TIPS);
    const [confirmation] = await mailTo(visitor.user.email);
    expect(confirmation!.body).toContain(TIPS);

    const list = await test.app.inject({
      method: 'GET',
      url: `/api/inquiries?box=sent&listingId=${houseId}`,
      headers: visitor.bearer,
    });
    const id = list.json<{ data: { id: string }[] }>().data[0]!.id;
    const reply = await test.app.inject({
      method: 'POST',
      url: `/api/inquiries/${id}/messages`,
      headers: seller.bearer,
      payload: { body: 'Yes, come at ten.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const replyMail = (await mailTo(visitor.user.email)).at(-1)!;
    expect(replyMail.body).toContain('Yes, come at ten.');
    expect(replyMail.body).not.toContain('Stay safe');
    expect(replyMail.body).not.toContain('land office');
  });

  it("are written in the visitor's language", async () => {
    const email = `visiteur-${randomUUID()}@example.rw`;
    const asked = await ask(email, { 'accept-language': 'fr' });
    expect(asked.statusCode, asked.body).toBe(201);
    const [confirmation] = await mailTo(email);
    expect(confirmation!.body).toContain('Restez prudent\u00a0:');
    expect(confirmation!.body).toContain('bureau foncier');
  });
});
