/**
 * An inquiry reaches the lister and becomes a conversation: who is told, by which road, who may
 * read and write, and what strangers see (nothing: 404).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, outbox } from '#db/schema.ts';
import { createAsset, createProperty } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let test: TestApp;
let seller: SignedIn;
let visitor: SignedIn;
let stranger: SignedIn;
let admin: SignedIn;
let otherAdmin: SignedIn;
let houseId: string;

beforeAll(async () => {
  test = await createTestApp();
  seller = await createSignedInUser(test.database, { role: 'seller', name: 'Grace Uwase' });
  visitor = await createSignedInUser(test.database, { role: 'buyer', name: 'Eric Mugisha' });
  stranger = await createSignedInUser(test.database, { role: 'seller' });
  admin = await createSignedInUser(test.database, { role: 'admin' });
  otherAdmin = await createSignedInUser(test.database, { role: 'admin' });
  houseId = (
    await createProperty(test.database.db, seller.user.id, {
      title: 'Kicukiro family house',
      contact: '0788555111',
    })
  ).id;
});

afterAll(async () => {
  await test.close();
});

function ask(listingId: string, headers: Record<string, string> = {}, email?: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/request-inform',
    headers,
    payload: {
      listingId,
      name: 'Eric Mugisha',
      email: email ?? `eric-${randomUUID()}@example.rw`,
      phone: '0788123456',
      role: 'buyer',
      message: 'Is the house still free in January?',
      agree: true,
    },
  });
}

/** Asks about the house as the signed-in visitor; answers the conversation's id. */
async function startConversation(listingId = houseId): Promise<string> {
  expect((await ask(listingId, visitor.bearer, visitor.user.email)).statusCode).toBe(201);
  const list = await test.app.inject({
    method: 'GET',
    url: `/api/inquiries?box=sent&listingId=${listingId}`,
    headers: visitor.bearer,
  });
  return list.json().data[0].id;
}

/** The e-mails sent to `recipient`, oldest first (a row's place in the table is no order). */
const mailTo = (recipient: string) =>
  test.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(outbox.createdAt);

const notificationsOf = (userId: string) =>
  test.database.db.select().from(notifications).where(eq(notifications.userId, userId));

function write(id: string, body: string, headers: Record<string, string>) {
  return test.app.inject({
    method: 'POST',
    url: `/api/inquiries/${id}/messages`,
    headers,
    payload: { body },
  });
}

describe('an inquiry about a seller’s listing', () => {
  it('tells the seller in-app and by e-mail, and confirms to the visitor, with the listing link', async () => {
    const visitorEmail = `eric-${randomUUID()}@example.rw`;
    const before = (await notificationsOf(seller.user.id)).length;
    expect((await ask(houseId, {}, visitorEmail)).statusCode).toBe(201);

    const told = await notificationsOf(seller.user.id);
    expect(told).toHaveLength(before + 1);
    const notice = told.at(-1)!;
    expect(notice).toMatchObject({
      kind: 'inquiry',
      title: 'New inquiry about Kicukiro family house',
      // The visitor's choice in the words of a rental (the house is let, not sold).
      message: 'Eric Mugisha (Renting): Is the house still free in January?',
      senderId: null,
    });
    expect(notice.link).toMatch(/^\/inquiries\/[0-9a-f-]{36}$/);

    const toSeller = (await mailTo(seller.user.email)).at(-1)!;
    expect(toSeller.subject).toBe('New inquiry about Kicukiro family house');
    for (const fact of [
      'Eric Mugisha',
      '0788123456',
      visitorEmail,
      'Is the house still free in January?',
      `http://localhost:3000/property/${houseId}`,
      `http://localhost:3000${notice.link}`,
    ]) {
      expect(toSeller.body).toContain(fact);
    }

    const [confirmation] = await mailTo(visitorEmail);
    expect(confirmation?.subject).toBe('Your question about Kicukiro family house was sent');
    expect(confirmation?.body).toContain(`http://localhost:3000/property/${houseId}`);
  });

  it('shows the seller the unread conversation, newest first, with the thread', async () => {
    const id = await startConversation();
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/inquiries?box=received',
      headers: seller.bearer,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 10 });
    expect(page.data[0]).toMatchObject({
      id,
      listingId: houseId,
      listingTitle: 'Kicukiro family house',
      listingPath: `/property/${houseId}`,
      listingContact: '0788555111',
      name: 'Eric Mugisha',
      email: visitor.user.email,
      phone: '0788123456',
      message: 'Is the house still free in January?',
      unread: true,
      handled: false,
      viewerSide: 'owner',
      messages: [{ from: 'visitor', body: 'Is the house still free in January?' }],
    });
  });

  it('marks a conversation read for the side that opens it, not for an admin reading it', async () => {
    const id = await startConversation();
    const open = (headers: Record<string, string>) =>
      test.app.inject({ method: 'GET', url: `/api/inquiries/${id}`, headers });

    expect((await open(admin.bearer)).json().unread).toBe(true);
    expect((await open(seller.bearer)).json().unread).toBe(true);
    expect((await open(seller.bearer)).json().unread).toBe(false);
  });

  it('lets the seller answer; the signed-in visitor is told and answers back; the seller is told', async () => {
    const id = await startConversation();
    const reply = await write(id, 'Yes, from 1 January. Come on Saturday?', seller.bearer);
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      message: 'Message sent.',
      data: { from: 'owner', body: 'Yes, from 1 January. Come on Saturday?' },
    });

    const toVisitor = await notificationsOf(visitor.user.id);
    expect(toVisitor.at(-1)).toMatchObject({
      kind: 'inquiry',
      title: 'Reply about Kicukiro family house',
      link: `/inquiries/${id}`,
    });
    const replyMail = (await mailTo(visitor.user.email)).at(-1)!;
    expect(replyMail.subject).toBe('Reply about Kicukiro family house');
    expect(replyMail.body).toContain('Yes, from 1 January. Come on Saturday?');
    expect(replyMail.body).toContain(`http://localhost:3000/inquiries/${id}`);

    const sent = await test.app.inject({
      method: 'GET',
      url: `/api/inquiries/${id}`,
      headers: visitor.bearer,
    });
    expect(sent.json()).toMatchObject({ viewerSide: 'visitor', unread: true });
    expect(sent.json().messages.map((message: { from: string }) => message.from)).toEqual([
      'visitor',
      'owner',
    ]);

    expect((await write(id, 'Saturday at 10 suits me.', visitor.bearer)).statusCode).toBe(201);
    expect((await notificationsOf(seller.user.id)).at(-1)).toMatchObject({
      title: 'New message about Kicukiro family house',
      message: 'Eric Mugisha: Saturday at 10 suits me.',
    });
    expect((await mailTo(seller.user.email)).at(-1)?.body).toContain('Saturday at 10 suits me.');
  });

  it('e-mails the answer to a visitor who was not signed in, with the number to call', async () => {
    const email = `walk-in-${randomUUID()}@example.rw`;
    expect((await ask(houseId, {}, email)).statusCode).toBe(201);
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/inquiries?box=received&pageSize=48',
      headers: seller.bearer,
    });
    const id = list.json().data.find((item: { email: string }) => item.email === email).id;

    expect((await write(id, 'It is free. Call me.', seller.bearer)).statusCode).toBe(201);
    const answer = (await mailTo(email)).at(-1)!;
    expect(answer.subject).toBe('Reply about Kicukiro family house');
    expect(answer.body).toContain('It is free. Call me.');
    expect(answer.body).toContain('0788555111');
  });

  it('lets the seller mark it handled; a visitor message opens it again', async () => {
    const id = await startConversation();
    const mark = (handled: unknown, headers: Record<string, string>) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/inquiries/${id}`,
        headers,
        payload: { handled },
      });

    const handled = await mark(true, seller.bearer);
    expect(handled.statusCode).toBe(200);
    expect(handled.json().handled).toBe(true);
    expect((await mark(true, visitor.bearer)).statusCode).toBe(403);
    const bad = await mark('soon', seller.bearer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^handled: /);

    await write(id, 'One more question.', visitor.bearer);
    const again = await test.app.inject({
      method: 'GET',
      url: `/api/inquiries/${id}`,
      headers: seller.bearer,
    });
    expect(again.json().handled).toBe(false);
  });

  it('refuses an empty message with 400 naming body, and stores nothing', async () => {
    const id = await startConversation();
    const response = await write(id, '   ', seller.bearer);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^body: /);
    const thread = await test.app.inject({
      method: 'GET',
      url: `/api/inquiries/${id}`,
      headers: seller.bearer,
    });
    expect(thread.json().messages).toHaveLength(1);
  });
});

describe('who may see a conversation', () => {
  it('answers 404 to a signed-in stranger for every call, and 401 to an anonymous caller', async () => {
    const id = await startConversation();
    const calls = [
      { method: 'GET' as const, url: `/api/inquiries/${id}` },
      { method: 'POST' as const, url: `/api/inquiries/${id}/messages`, payload: { body: 'Hi' } },
      { method: 'PUT' as const, url: `/api/inquiries/${id}`, payload: { handled: true } },
    ];
    for (const call of calls) {
      const asStranger = await test.app.inject({ ...call, headers: stranger.bearer });
      expect(asStranger.statusCode).toBe(404);
      expect(asStranger.json().message).toBe('Conversation not found.');
      expect((await test.app.inject(call)).statusCode).toBe(401);
    }
    const strangersList = await test.app.inject({
      method: 'GET',
      url: '/api/inquiries',
      headers: stranger.bearer,
    });
    expect(strangersList.json().data).toEqual([]);
  });

  it('lets admins list every conversation, narrow them by owner, and delete one (audited)', async () => {
    const id = await startConversation();
    const all = await test.app.inject({
      method: 'GET',
      url: `/api/inquiries?box=received&ownerId=${seller.user.id}&pageSize=48`,
      headers: admin.bearer,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((item: { id: string }) => item.id)).toContain(id);
    expect(
      all.json().data.every((item: { ownerId: string }) => item.ownerId === seller.user.id),
    ).toBe(true);

    expect(
      (
        await test.app.inject({
          method: 'DELETE',
          url: `/api/inquiries/${id}`,
          headers: seller.bearer,
        })
      ).statusCode,
    ).toBe(403);
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/inquiries/${id}`,
      headers: admin.bearer,
    });
    expect(deleted.statusCode).toBe(200);
    const audited = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'inquiry'), eq(auditLog.targetId, id)));
    expect(audited).toMatchObject([{ action: 'inquiry.delete', actorId: admin.user.id }]);
    const gone = await test.app.inject({
      method: 'GET',
      url: `/api/inquiries/${id}`,
      headers: seller.bearer,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('pages and filters the received list', async () => {
    const car = await createAsset(test.database.db, seller.user.id, { name: 'Seller’s Rav4' });
    const carConversation = await startConversation(car.id);
    const onlyCar = await test.app.inject({
      method: 'GET',
      url: `/api/inquiries?listingId=${car.id}`,
      headers: seller.bearer,
    });
    expect(onlyCar.json()).toMatchObject({
      total: 1,
      data: [
        { id: carConversation, listingPath: `/asset/${car.id}`, listingTitle: 'Seller’s Rav4' },
      ],
    });
    const firstOfMany = await test.app.inject({
      method: 'GET',
      url: '/api/inquiries?pageSize=1&page=2',
      headers: seller.bearer,
    });
    expect(firstOfMany.json()).toMatchObject({ page: 2, pageSize: 1 });
    expect(firstOfMany.json().data).toHaveLength(1);
    expect(firstOfMany.json().total).toBeGreaterThan(2);
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/inquiries?box=everything',
      headers: seller.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^box: /);
  });
});

describe('an inquiry about an admin’s listing', () => {
  it('tells every admin in-app and e-mails the support address', async () => {
    const office = await createProperty(test.database.db, admin.user.id, { title: 'Admin villa' });
    const supportAddress = (await test.app.services.settings.getSupportInfo()).contactEmail;
    const supportBefore = (await mailTo(supportAddress)).length;

    expect((await ask(office.id)).statusCode).toBe(201);

    for (const each of [admin, otherAdmin]) {
      expect((await notificationsOf(each.user.id)).at(-1)).toMatchObject({
        kind: 'inquiry',
        title: 'New inquiry about Admin villa',
      });
      expect(await mailTo(each.user.email)).toEqual([]);
    }
    const toSupport = await mailTo(supportAddress);
    expect(toSupport).toHaveLength(supportBefore + 1);
    expect(toSupport.at(-1)?.subject).toBe('New inquiry about Admin villa');
  });

  it('adds every e-mail of the inquiry as a delivery job in the same transaction', async () => {
    await test.app.services.jobs.runDue();
    expect((await ask(houseId)).statusCode).toBe(201);
    // One to the seller, one confirmation to the visitor.
    expect(await test.app.services.jobs.runDue()).toBe(2);
  });
});
