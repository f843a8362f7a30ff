/**
 * A guest's conversation by the link of the e-mail that brings them the lister's answer: read
 * and answered without an account, and nothing else opened by it, guessed, altered or expired.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries, inquiryMessages, notifications, outbox } from '#db/schema.ts';
import { createProperty } from '#seed/factories.ts';
import { GUEST_LINK_DAYS } from '#modules/inquiries/inquiries.service.ts';
import { createSigner } from '#modules/signing/signing.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage } from '#test/page-requests.ts';
import { headers } from './guest-conversation.tsx';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const ROUTE = 'routes/inquiries/guest-conversation';
// Near the real time: the sessions of createSignedInUser last 30 days from it.
let now = new Date();
let test: TestApp;
let seller: SignedIn;
let houseId: string;

beforeAll(async () => {
  test = await createTestApp({ clock: () => now });
  seller = await createSignedInUser(test.database, { role: 'seller', name: 'Grace' });
  houseId = (
    await createProperty(test.database.db, seller.user.id, {
      title: 'Gisozi house',
      contact: '0788555111',
    })
  ).id;
});

afterAll(async () => {
  await test.close();
});

/** A guest asks from a page in `locale`; answers the conversation and the guest's address. */
async function guestAsks(locale = 'rw') {
  const email = `guest-${randomUUID()}@example.rw`;
  const message = `Is it free in June? (${email})`;
  const asked = await test.app.inject({
    method: 'POST',
    url: '/api/request-inform',
    headers: { 'accept-language': locale },
    payload: {
      listingId: houseId,
      name: 'Eric',
      email,
      phone: '0788123456',
      role: 'buyer',
      message,
      agree: false,
    },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const [row] = await test.database.db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(eq(inquiries.message, message));
  return { id: row!.id, email, message };
}

/** The seller answers; answers the address of the conversation in the guest's e-mail. */
async function sellerAnswers(inquiryId: string, guestEmail: string, body = 'Yes, it is.') {
  const answered = await test.app.inject({
    method: 'POST',
    url: `/api/inquiries/${inquiryId}/messages`,
    headers: seller.bearer,
    payload: { body },
  });
  expect(answered.statusCode, answered.body).toBe(201);
  const mails = await test.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, guestEmail));
  const reply = mails.find((mail) => mail.body.includes(body))!;
  return /https?:\/\/\S+\/conversation\?token=\S+/.exec(reply.body)![0];
}

/** The page of a link, as its path ('/rw/conversation?token=…'). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('the link in a guest’s reply e-mail', () => {
  it('opens the conversation in the guest’s language, without their contact details', async () => {
    const { id, email, message } = await guestAsks('rw');
    const link = await sellerAnswers(id, email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/rw\/conversation\?token=/);

    const page = await requestPage(test, pathOf(link));
    expect(page.status).toBe(200);
    const data = page.loaderData[ROUTE] as {
      answer: { isJoined: false; conversation: Record<string, unknown> };
    };
    expect(data.answer.isJoined).toBe(false);
    const { conversation } = data.answer;
    expect(conversation).toMatchObject({
      id,
      listingTitle: 'Gisozi house',
      ownerName: 'Grace',
      viewerSide: 'visitor',
      messages: [
        { from: 'visitor', body: message },
        { from: 'owner', body: 'Yes, it is.' },
      ],
    });
    for (const field of ['email', 'phone', 'ownerId'])
      expect(conversation).not.toHaveProperty(field);
    // Opened: the answer is read.
    const [row] = await test.database.db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row!.senderReadAt).not.toBeNull();
    // Kept by no cache: it is a conversation, opened by its address.
    expect(headers()).toEqual({ 'Cache-Control': 'private, no-store' });
  });

  it('answers the lister, who is told, and reopens a conversation marked handled', async () => {
    const { id, email } = await guestAsks('en');
    const link = await sellerAnswers(id, email);
    await test.database.db.update(inquiries).set({ handledAt: now }).where(eq(inquiries.id, id));

    const bad = await requestPage(test, pathOf(link), { form: { body: '' } });
    expect(bad.status).toBe(400);
    const sent = await requestPage(test, pathOf(link), { form: { body: 'Can I visit Monday?' } });
    expect(sent.actionData).toEqual({ ok: true, message: 'Message sent.' });

    const thread = await test.database.db
      .select()
      .from(inquiryMessages)
      .where(eq(inquiryMessages.inquiryId, id));
    expect(thread.map((message) => [message.from, message.body, message.authorId])).toEqual([
      ['owner', 'Yes, it is.', seller.user.id],
      ['visitor', 'Can I visit Monday?', null],
    ]);
    const [row] = await test.database.db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row).toMatchObject({ handledAt: null, lastMessageFrom: 'visitor' });
    const told = await test.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, seller.user.id), eq(notifications.link, `/inquiries/${id}`)),
      );
    expect(told.some((notice) => notice.message.includes('Can I visit Monday?'))).toBe(true);
    const toSeller = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, seller.user.email));
    expect(toSeller.some((mail) => mail.body.includes('Can I visit Monday?'))).toBe(true);

    // The next answer, a day later, brings a fresh link, which opens the same conversation.
    now = new Date(now.getTime() + DAY_MS);
    const next = await sellerAnswers(id, email, 'Monday at 10.');
    expect(tokenOf(next)).not.toBe(tokenOf(link));
    const page = await requestPage(test, pathOf(next));
    expect(page.status).toBe(200);
  });

  it('opens nothing when guessed, altered, cut, signed for something else, or expired', async () => {
    const mine = await guestAsks('en');
    const link = await sellerAnswers(mine.id, mine.email);
    const other = await guestAsks('en');
    const token = tokenOf(link);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      i: string;
      x: number;
    };
    const withClaims = (changes: object) =>
      `${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;
    const signer = createSigner({ db: test.database.db });
    const attempts = [
      '',
      'guess',
      randomUUID(),
      payload,
      `${token}x`,
      // The last character changed (to another one: a signature may end in A already).
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      // Another conversation under this signature, or a later end.
      withClaims({ i: other.id }),
      withClaims({ x: claims.x + 365 * DAY_MS }),
      // This site's signature, for another purpose (an unsubscribe link's).
      await signer.sign('unsubscribe', JSON.stringify({ i: other.id, x: claims.x })),
    ];
    for (const attempt of attempts) {
      const page = await requestPage(test, `/conversation?token=${encodeURIComponent(attempt)}`);
      expect(page.status, attempt).toBe(404);
      expect(page.loaderData[ROUTE], attempt).toMatchObject({ answer: null });
      const post = await requestPage(test, `/conversation?token=${encodeURIComponent(attempt)}`, {
        form: { body: 'Let me in' },
      });
      expect(post.status, attempt).toBe(404);
    }
    const written = await test.database.db
      .select()
      .from(inquiryMessages)
      .where(eq(inquiryMessages.body, 'Let me in'));
    expect(written).toEqual([]);

    // The genuine link, once its days are over.
    const saved = now;
    now = new Date(now.getTime() + GUEST_LINK_DAYS * DAY_MS + 1);
    expect((await requestPage(test, pathOf(link))).status).toBe(404);
    now = saved;
    expect((await requestPage(test, pathOf(link))).status).toBe(200);

    // A conversation an admin deleted is gone for its link too.
    await test.database.db
      .update(inquiries)
      .set({ deletedAt: now })
      .where(eq(inquiries.id, mine.id));
    expect((await requestPage(test, pathOf(link))).status).toBe(404);
  });

  it('opens nothing but the way to the account once the conversation has joined it', async () => {
    const { id, email } = await guestAsks('en');
    const link = await sellerAnswers(id, email);
    const visitor = await createSignedInUser(test.database, { role: 'buyer', email });
    await test.database.db.transaction((tx) =>
      test.app.services.inquiries.joinGuestInquiries(tx, visitor.user),
    );

    const page = await requestPage(test, pathOf(link));
    expect(page.status).toBe(200);
    expect(page.loaderData[ROUTE]).toMatchObject({ answer: { isJoined: true, inquiryId: id } });
    const post = await requestPage(test, pathOf(link), { form: { body: 'Still me' } });
    expect(post.status).toBe(409);
    // The visitor reads it signed in now, and the lister's next answer reaches the account.
    const next = await test.app.inject({
      method: 'POST',
      url: `/api/inquiries/${id}/messages`,
      headers: seller.bearer,
      payload: { body: 'Another answer' },
    });
    expect(next.statusCode).toBe(201);
    const [mail] = await test.database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(sql`lower(${outbox.recipient})`, email.toLowerCase()),
          sql`${outbox.body} like '%Another answer%'`,
        ),
      );
    expect(mail!.body).toContain(`/inquiries/${id}`);
    expect(mail!.body).not.toContain('/conversation?token=');
  });
});
