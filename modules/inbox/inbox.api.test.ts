import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '#db/schema.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

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
