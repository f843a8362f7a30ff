import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, outbox } from '#db/schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

/** A valid contact form from an address no other test uses. */
function validForm(overrides: Record<string, unknown> = {}) {
  return {
    username: 'Claudine Mukamana',
    email: `claudine-${randomUUID()}@example.rw`,
    message: 'Do you have apartments for rent in Kimihurura?',
    ...overrides,
  };
}

function post(payload: Record<string, unknown> | string, contentType?: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/create-message',
    payload,
    headers: contentType ? { 'content-type': contentType } : {},
  });
}

async function rowsFrom(email: string) {
  return test.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

async function countAll(): Promise<number> {
  return (await test.database.db.select({ id: contactMessages.id }).from(contactMessages)).length;
}

describe('POST /api/create-message', () => {
  it('files the message in the inbox and answers 201 with a message', async () => {
    const form = validForm();
    const response = await post(form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Message sent successfully!' });

    const rows = await rowsFrom(form.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: 'Claudine Mukamana',
      email: form.email,
      message: 'Do you have apartments for rent in Kimihurura?',
      deletedAt: null,
    });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('trims the fields and lowercases the email', async () => {
    const address = `Eric-${randomUUID()}@Example.RW`;
    const response = await post(
      validForm({ username: '  Eric  ', email: ` ${address} `, message: '\n Hello \n' }),
    );
    expect(response.statusCode).toBe(201);
    const rows = await rowsFrom(address.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'Eric', message: 'Hello' });
  });

  it('keeps a long message whole', async () => {
    const message = `Muraho! ${'Ndashaka inzu. '.repeat(300)}`.trim();
    const form = validForm({ message });
    expect((await post(form)).statusCode).toBe(201);
    expect((await rowsFrom(form.email))[0]?.message).toBe(message);
  });

  it.each(['username', 'email', 'message'])(
    'answers 400 naming %s when it is missing, and stores nothing',
    async (field) => {
      const before = await countAll();
      const form = validForm();
      delete (form as Record<string, unknown>)[field];
      const response = await post(form);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toMatch(new RegExp(`^${field}: `));
      expect(body.issues.map((issue: { field: string }) => issue.field)).toEqual([field]);
      expect(await countAll()).toBe(before);
    },
  );

  it.each([
    ['username', 'username: Name is required'],
    ['email', 'email: Enter a valid email address'],
    ['message', 'message: Comments is required'],
  ])('answers 400 naming %s when it is blank, and stores nothing', async (field, message) => {
    const before = await countAll();
    const form = validForm({ [field]: '   ' });
    const response = await post(form);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await countAll()).toBe(before);
  });

  it('answers 400 naming every field when all are missing', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toMatch(/^username: /);
    expect(body.issues.map((issue: { field: string }) => issue.field).sort()).toEqual([
      'email',
      'message',
      'username',
    ]);
  });

  it('answers 400 for an invalid email, a field of the wrong type or one too long', async () => {
    const before = await countAll();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'claudine.example.rw' }, 'email'],
      [{ username: 42 }, 'username'],
      [{ message: ['a', 'b'] }, 'message'],
      [{ username: 'u'.repeat(101) }, 'username'],
      [{ message: 'm'.repeat(5001) }, 'message'],
    ];
    for (const [overrides, field] of cases) {
      const response = await post(validForm(overrides));
      const label = JSON.stringify(overrides).slice(0, 60);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toMatch(new RegExp(`^${field}: `));
    }
    expect(await countAll()).toBe(before);
  });

  it('answers 400 (not 500) mentioning JSON for a malformed body, and stores nothing', async () => {
    const before = await countAll();
    for (const payload of ['{"username": "Claudine",', '{username: x}', 'not json']) {
      const response = await post(payload, 'application/json');
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({ message: 'body: must be valid JSON' });
    }
    const empty = await post('', 'application/json');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/JSON/);
    expect(await countAll()).toBe(before);
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    const before = await countAll();
    for (const payload of ['[]', '"hello"', 'null']) {
      const response = await post(payload, 'application/json');
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message, payload).toMatch(/^body: /);
    }
    expect(await countAll()).toBe(before);
  });
});

/** A message in the inbox, filed through the public form; answers its row. */
async function fileMessage(overrides: Record<string, unknown> = {}) {
  const form = validForm(overrides);
  expect((await post(form)).statusCode).toBe(201);
  return (await rowsFrom(form.email))[0]!;
}

async function signedInAdmin() {
  return createSignedInUser(test.database, { role: 'admin', name: 'Aline Admin' });
}

async function auditEntries(action: string, targetId: string) {
  return test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

const ABSENT_ID = '00000000-0000-4000-8000-000000000000';

describe('GET /api/messages', () => {
  it('lists the inbox newest first, with the paging facts, leaving deleted messages out', async () => {
    const admin = await signedInAdmin();
    const first = await fileMessage({ message: 'First question' });
    const second = await fileMessage({ message: 'Second question' });
    const removed = await fileMessage({ message: 'Spam' });
    await test.database.db
      .update(contactMessages)
      .set({ deletedAt: new Date() })
      .where(eq(contactMessages.id, removed.id));

    const response = await test.app.inject({
      url: '/api/messages?page=1&pageSize=48',
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ page: 1, pageSize: 48, isTotalCapped: false });
    const ids = answer.data.map((message: { _id: string }) => message._id);
    expect(ids).not.toContain(removed.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(answer.total).toBe(ids.length);
    expect(answer.data.find((message: { _id: string }) => message._id === first.id)).toEqual({
      _id: first.id,
      message: 'First question',
      username: 'Claudine Mukamana',
      email: first.email,
      createdAt: first.createdAt.toISOString(),
      reply: null,
      repliedAt: null,
    });
  });

  it('pages with pageSize', async () => {
    const admin = await signedInAdmin();
    await fileMessage();
    await fileMessage();
    const response = await test.app.inject({
      url: '/api/messages?pageSize=1&page=2',
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(1);
    expect(response.json().total).toBeGreaterThanOrEqual(2);
  });

  it('answers 400 naming a bad page, and refuses anyone but an admin', async () => {
    const admin = await signedInAdmin();
    const bad = await test.app.inject({ url: '/api/messages?pageSize=0', headers: admin.bearer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^pageSize: /);
    expect((await test.app.inject('/api/messages')).statusCode).toBe(401);
    for (const role of ['buyer', 'seller', 'guest'] as const) {
      const user = await createSignedInUser(test.database, { role });
      const response = await test.app.inject({ url: '/api/messages', headers: user.bearer });
      expect(response.statusCode, role).toBe(403);
    }
  });
});

describe('PUT /api/message/:id', () => {
  it('edits the text, answers the message and records the change in the audit log', async () => {
    const admin = await signedInAdmin();
    const row = await fileMessage({ message: 'Do you hav flats?' });
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/message/${row.id}`,
      headers: admin.bearer,
      payload: { message: '  Do you have flats?  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Message updated.' });
    const [stored] = await rowsFrom(row.email);
    expect(stored!.message).toBe('Do you have flats?');
    const [entry] = await auditEntries('message.update', row.id);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetType: 'message',
      before: { message: 'Do you hav flats?' },
      after: { message: 'Do you have flats?' },
    });
  });

  it('answers 400 naming message when it is missing or blank, and changes nothing', async () => {
    const admin = await signedInAdmin();
    const row = await fileMessage();
    for (const payload of [{}, { message: '   ' }]) {
      const response = await test.app.inject({
        method: 'PUT',
        url: `/api/message/${row.id}`,
        headers: admin.bearer,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('message: Message is required');
    }
    expect((await rowsFrom(row.email))[0]!.message).toBe(row.message);
  });

  it('answers 404 for an absent or deleted message and 403 for a non-admin', async () => {
    const admin = await signedInAdmin();
    const absent = await test.app.inject({
      method: 'PUT',
      url: `/api/message/${ABSENT_ID}`,
      headers: admin.bearer,
      payload: { message: 'Hello' },
    });
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ message: 'Message not found.' });

    const row = await fileMessage();
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const refused = await test.app.inject({
      method: 'PUT',
      url: `/api/message/${row.id}`,
      headers: buyer.bearer,
      payload: { message: 'Hijacked' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await rowsFrom(row.email))[0]!.message).toBe(row.message);
  });
});

describe('DELETE /api/message/:id', () => {
  it('removes the message from the inbox (soft), audited, then answers 404 for it', async () => {
    const admin = await signedInAdmin();
    const row = await fileMessage();
    const remove = () =>
      test.app.inject({ method: 'DELETE', url: `/api/message/${row.id}`, headers: admin.bearer });
    const response = await remove();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Message deleted.' });
    const [stored] = await rowsFrom(row.email);
    expect(stored!.deletedAt).toBeInstanceOf(Date);
    const [entry] = await auditEntries('message.delete', row.id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'message' });
    expect(entry!.before).toMatchObject({ _id: row.id, message: row.message });
    expect((await remove()).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a UUID, 401 and 403 for others', async () => {
    const admin = await signedInAdmin();
    const bad = await test.app.inject({
      method: 'DELETE',
      url: '/api/message/not-an-id',
      headers: admin.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
    const row = await fileMessage();
    expect(
      (await test.app.inject({ method: 'DELETE', url: `/api/message/${row.id}` })).statusCode,
    ).toBe(401);
    const seller = await createSignedInUser(test.database, { role: 'seller' });
    const refused = await test.app.inject({
      method: 'DELETE',
      url: `/api/message/${row.id}`,
      headers: seller.bearer,
    });
    expect(refused.statusCode).toBe(403);
    expect((await rowsFrom(row.email))[0]!.deletedAt).toBeNull();
  });
});

describe('POST /api/message/reply/:id', () => {
  it("e-mails the reply to the sender's address, without quoting them, and keeps it with the message", async () => {
    const admin = await signedInAdmin();
    const row = await fileMessage({ message: 'Is the Kacyiru house still free?\nThanks' });
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/message/reply/${row.id}`,
      headers: admin.bearer,
      payload: { reply: 'Yes, it is. Visits on Saturday.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Reply sent!' });

    const mails = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, row.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Re: your message to Inzu');
    expect(mails[0]!.body).toMatch(/^Hello,\n\nYes, it is. Visits on Saturday.\n\n/);
    expect(mails[0]!.body).not.toContain('Claudine');
    expect(mails[0]!.body).not.toContain('Kacyiru');

    const [stored] = await rowsFrom(row.email);
    expect(stored).toMatchObject({
      reply: 'Yes, it is. Visits on Saturday.',
      repliedBy: admin.user.id,
    });
    expect(stored!.repliedAt).toBeInstanceOf(Date);

    const list = await test.app.inject({
      url: '/api/messages?pageSize=48',
      headers: admin.bearer,
    });
    const shown = list.json().data.find((message: { _id: string }) => message._id === row.id);
    expect(shown).toMatchObject({
      reply: 'Yes, it is. Visits on Saturday.',
      repliedAt: stored!.repliedAt!.toISOString(),
    });

    const [entry] = await auditEntries('message.reply', row.id);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      after: { reply: 'Yes, it is. Visits on Saturday.', to: row.email },
    });
  });

  it("answers 400 'Reply cannot be empty' naming reply, and sends nothing", async () => {
    const admin = await signedInAdmin();
    const row = await fileMessage();
    for (const payload of [{}, { reply: '' }, { reply: '  \n ' }]) {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/message/reply/${row.id}`,
        headers: admin.bearer,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'reply: Reply cannot be empty',
        issues: [{ field: 'reply', message: 'Reply cannot be empty' }],
      });
    }
    const mails = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, row.email));
    expect(mails).toHaveLength(0);
    expect((await rowsFrom(row.email))[0]!.reply).toBeNull();
  });

  it('answers 404 for an absent message and refuses non-admins', async () => {
    const admin = await signedInAdmin();
    const absent = await test.app.inject({
      method: 'POST',
      url: `/api/message/reply/${ABSENT_ID}`,
      headers: admin.bearer,
      payload: { reply: 'Hello' },
    });
    expect(absent.statusCode).toBe(404);
    const row = await fileMessage();
    const anonymous = await test.app.inject({
      method: 'POST',
      url: `/api/message/reply/${row.id}`,
      payload: { reply: 'Hello' },
    });
    expect(anonymous.statusCode).toBe(401);
    const guest = await createSignedInUser(test.database, { role: 'guest' });
    const refused = await test.app.inject({
      method: 'POST',
      url: `/api/message/reply/${row.id}`,
      headers: guest.bearer,
      payload: { reply: 'Hello' },
    });
    expect(refused.statusCode).toBe(403);
    const mails = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, row.email));
    expect(mails).toHaveLength(0);
  });
});

/** What a phisher types into the contact form, hoping the site mails it to a victim. */
const PHISHING_NAME = 'Your account is suspended: http://evil.example/x';
const PHISHING_MESSAGE =
  'Dear customer, confirm your payment at http://evil.example/phish before Friday (ref Zebracorn-7741).';
/** The test app's siteUrl: the only place a link in these e-mails may lead. */
const SITE_ORIGIN = 'http://localhost:3000';

/** Every http(s) address in `text` that leads anywhere but this site. */
function foreignLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'()]+/gi)]
    .map((match) => match[0])
    .filter((url) => URL.parse(url)?.origin !== SITE_ORIGIN);
}

describe('e-mail to the address typed in the contact form (no phishing relay)', () => {
  it.each([
    ['en', 'Hello,'],
    ['fr', 'Bonjour,'],
    ['rw', 'Muraho,'],
  ])(
    'in %s, nothing acknowledges the message, and the answer repeats nothing the sender typed',
    async (language, greeting) => {
      const victim = `victim-${randomUUID()}@example.rw`;
      const filed = await test.app.inject({
        method: 'POST',
        url: '/api/create-message',
        headers: { 'accept-language': language },
        payload: { username: PHISHING_NAME, email: victim, message: PHISHING_MESSAGE },
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const mailsToVictim = () =>
        test.database.db.select().from(outbox).where(eq(outbox.recipient, victim));
      expect(await mailsToVictim()).toEqual([]);

      const [row] = await rowsFrom(victim);
      const admin = await signedInAdmin();
      const answered = await test.app.inject({
        method: 'POST',
        url: `/api/message/reply/${row!.id}`,
        headers: admin.bearer,
        payload: { reply: 'We do not understand your message.' },
      });
      expect(answered.statusCode, answered.body).toBe(200);

      const mails = await mailsToVictim();
      expect(mails).toHaveLength(1);
      for (const text of [mails[0]!.subject, mails[0]!.body]) {
        expect(text).not.toContain('suspended');
        expect(text).not.toContain('Zebracorn-7741');
        expect(text).not.toContain('evil.example');
        expect(foreignLinks(text)).toEqual([]);
      }
      expect(mails[0]!.body).toContain(`${greeting}\n\nWe do not understand your message.`);
    },
  );
});
