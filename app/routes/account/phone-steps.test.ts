/**
 * The code steps of the registration, sign-in and forgotten-password pages, as the server runs
 * them (the pages work without JavaScript): a phone number sends a code and keeps the page on
 * the code step with its token; the right code finishes; a wrong one keeps the step.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox, users } from '#db/schema.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage } from '#test/page-requests.ts';

const PASSWORD = 'correct horse battery';
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

function newPhone(): string {
  return `+25073${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

async function codeSentTo(phone: string): Promise<string> {
  const [sms] = await test.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.recipient, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(1);
  return /#(\d{6})$/.exec(sms!.body)![1]!;
}

type StepAnswer = {
  ok: boolean;
  message: string;
  proof?: string;
  step?: string;
  redirectTo?: string;
};

async function register(phone: string, prefix = '') {
  const sent = await requestPage(test, `${prefix}/register`, {
    form: {
      username: 'Habimana Jean',
      phone: `0${phone.slice(4)}`,
      role: 'buyer',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  const answer = sent.actionData as StepAnswer;
  const confirmed = await requestPage(test, `${prefix}/register`, {
    form: { proof: answer.proof!, code: await codeSentTo(phone) },
  });
  return { sent: answer, confirmed: confirmed.actionData as StepAnswer };
}

describe('the code steps of the account pages', () => {
  it('registers by phone in two posts, in the page’s language', async () => {
    const phone = newPhone();
    const { sent, confirmed } = await register(phone, '/fr');
    expect(sent).toMatchObject({ ok: true, proof: expect.any(String) });
    expect(sent.message).toMatch(/^Nous avons envoyé un code à 6 chiffres par SMS au \+250 73/);
    expect(confirmed).toMatchObject({ ok: true, redirectTo: '/login' });
    expect(confirmed.proof).toBeUndefined();
    const [account] = await test.database.db.select().from(users).where(eq(users.phone, phone));
    expect(account).toMatchObject({ email: null, locale: 'fr', role: 'buyer' });
  });

  it('keeps the code step after a wrong code, with the tries left', async () => {
    const phone = newPhone();
    const sent = await requestPage(test, '/rw/register', {
      form: {
        username: 'Uwase',
        phone,
        role: 'guest',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    const proof = (sent.actionData as StepAnswer).proof!;
    const code = await codeSentTo(phone);
    const wrong = await requestPage(test, '/rw/register', {
      form: { proof, code: String((Number(code) + 1) % 1_000_000).padStart(6, '0') },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.actionData).toMatchObject({
      ok: false,
      proof,
      fieldErrors: { code: 'Iyo kode si yo. Usigaje kugerageza inshuro 4.' },
    });
  });

  it('signs in by a code by SMS from the login page', async () => {
    const phone = newPhone();
    await register(phone);
    const sent = await requestPage(test, '/login', { form: { intent: 'sms-login', phone } });
    const answer = sent.actionData as StepAnswer;
    expect(answer).toMatchObject({ ok: true, step: 'sms', proof: expect.any(String) });
    const signedIn = await requestPage(test, '/login', {
      form: { proof: answer.proof!, code: await codeSentTo(phone) },
    });
    expect(signedIn.actionData).toMatchObject({ ok: true, redirectTo: '/property-requested' });
  });

  it('sets a new password with a code from the forgotten-password page', async () => {
    const phone = newPhone();
    await register(phone);
    const sent = await requestPage(test, '/forgot-password', { form: { email: phone } });
    const answer = sent.actionData as StepAnswer;
    expect(answer).toMatchObject({ ok: true, proof: expect.any(String) });
    const reset = await requestPage(test, '/forgot-password', {
      form: {
        proof: answer.proof!,
        code: await codeSentTo(phone),
        password: 'a brand new password',
        confirmPassword: 'a brand new password',
      },
    });
    expect(reset.actionData).toMatchObject({ ok: true, redirectTo: '/login' });
    const signedIn = await requestPage(test, '/login', {
      form: { email: phone, password: 'a brand new password' },
    });
    expect(signedIn.actionData).toMatchObject({ ok: true });
  });
});
