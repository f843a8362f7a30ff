/**
 * Proving an account's e-mail address by the link sent to it, and what it brings: the inquiries
 * the address sent without an account join the account. Registering an address proves nothing,
 * and no link but the one e-mailed to the address, for that account, proves it.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries, outbox, users } from '#db/schema.ts';
import { createProperty } from '#seed/factories.ts';
import { createSigner } from '#modules/signing/signing.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { EMAIL_PROOF_TTL_DAYS } from './accounts.email-proof.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const DAY_MS = 24 * 60 * 60 * 1000;
// Near the real time: the sessions of createSignedInUser last 30 days from it.
let now = new Date();
let test: TestApp;
let seller: SignedIn;
let houseId: string;

beforeAll(async () => {
  test = await createTestApp({ clock: () => now });
  seller = await createSignedInUser(test.database, { role: 'seller' });
  houseId = (await createProperty(test.database.db, seller.user.id, { title: 'Remera house' })).id;
});

afterAll(async () => {
  await test.close();
});

const newAddress = (name = 'guest') => `${name}-${randomUUID()}@example.rw`;

/** A visitor asks about the house without signing in, typing `email`. */
async function guestAsks(email: string, message = 'Is it free in June?') {
  const answer = await test.app.inject({
    method: 'POST',
    url: '/api/request-inform',
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
  expect(answer.statusCode, answer.body).toBe(201);
  const [row] = await test.database.db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(eq(inquiries.message, message));
  return row!.id;
}

/** Registers through the API; answers the account's token and id. */
async function register(email: string) {
  const answer = await test.app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: {
      username: 'Aline',
      email,
      role: 'buyer',
      password: 'a long passphrase',
      confirmPassword: 'a long passphrase',
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const { token, user } = answer.json<{ token: string; user: { id: string } }>();
  return { id: user.id, bearer: { authorization: `Bearer ${token}` } };
}

const mailsTo = (email: string) =>
  test.database.db
    .select()
    .from(outbox)
    .where(eq(sql`lower(${outbox.recipient})`, email.toLowerCase()));

/** The token of the newest proof link e-mailed to `email`. */
async function proofTokenSentTo(email: string): Promise<string> {
  const links = (await mailsTo(email)).flatMap(
    (mail) => /\/account\/email-proof\?token=(\S+)/.exec(mail.body)?.[1] ?? [],
  );
  expect(links.length).toBeGreaterThan(0);
  return links.at(-1)!;
}

const confirm = (headers: Record<string, string>, token: unknown) =>
  test.app.inject({
    method: 'POST',
    url: '/api/me/email-proof/confirm',
    headers,
    payload: { token },
  });

const sentBox = async (headers: Record<string, string>) =>
  (await test.app.inject({ method: 'GET', url: '/api/inquiries?box=sent', headers })).json<{
    data: { id: string; viewerSide: string }[];
  }>().data;

const provedAt = async (headers: Record<string, string>) =>
  (await test.app.inject({ method: 'GET', url: '/api/me', headers })).json<{
    user: { emailProvedAt: string | null; verifiedAt: string | null };
  }>().user;

describe('registering', () => {
  it('e-mails the address one link that proves it, and proves nothing on its own', async () => {
    const email = newAddress('aline');
    const earlier = await guestAsks(email);
    const account = await register(email);

    const proofs = (await mailsTo(email)).filter((mail) => mail.body.includes('email-proof'));
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toMatchObject({
      subject: 'Confirm your e-mail address for Inzu',
      unsubscribeUrl: null,
    });
    // Nothing the registrant typed comes back to the address: not the name.
    expect(proofs[0]!.body).not.toContain('Aline');
    expect(await provedAt(account.bearer)).toMatchObject({ emailProvedAt: null });
    const state = await test.app.inject({
      method: 'GET',
      url: '/api/me/email-proof',
      headers: account.bearer,
    });
    expect(state.json()).toEqual({ data: { email, provedAt: null } });
    // The inquiry that address sent as a guest stays a guest's.
    expect(await sentBox(account.bearer)).toEqual([]);
    const [row] = await test.database.db.select().from(inquiries).where(eq(inquiries.id, earlier));
    expect(row!.senderId).toBeNull();
  });
});

describe('following the link', () => {
  it('proves the address and brings its guest inquiries, in any case, into the account, once', async () => {
    const email = newAddress('diane');
    const first = await guestAsks(email, `First (${email})`);
    const shouted = await guestAsks(email.toUpperCase(), `Second (${email})`);
    const someoneElse = await guestAsks(newAddress('other'), `Other (${email})`);
    const account = await register(email);
    const token = await proofTokenSentTo(email);

    const proved = await confirm(account.bearer, token);
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json()).toEqual({
      message:
        'Your e-mail address is confirmed. 2 conversations you started without signing in are now in your account.',
      joined: 2,
    });
    const user = await provedAt(account.bearer);
    expect(user.emailProvedAt).toBe(now.toISOString());
    // An address proved is not a seller verified by an admin.
    expect(user.verifiedAt).toBeNull();
    const box = await sentBox(account.bearer);
    expect(box.map((inquiry) => inquiry.id).sort()).toEqual([first, shouted].sort());
    expect(box.every((inquiry) => inquiry.viewerSide === 'visitor')).toBe(true);
    const [other] = await test.database.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.id, someoneElse));
    expect(other!.senderId).toBeNull();

    // Again: nothing more joins, and the first proof's time stays.
    const later = now;
    now = new Date(now.getTime() + 60_000);
    const again = await confirm(account.bearer, token);
    expect(again.json()).toEqual({ message: 'Your e-mail address is confirmed.', joined: 0 });
    expect((await provedAt(account.bearer)).emailProvedAt).toBe(later.toISOString());
    expect(await sentBox(account.bearer)).toHaveLength(2);
  });

  it('needs the account signed in, and the link sent for it', async () => {
    const email = newAddress('grace');
    await register(email);
    const token = await proofTokenSentTo(email);
    const other = await register(newAddress('intruder'));

    expect((await confirm({}, token)).statusCode).toBe(401);
    const elsewhere = await confirm(other.bearer, token);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(
      'This link confirms the address of another account. Sign out, then sign in to the account it was sent for.',
    );
  });

  it('refuses a link that was changed, forged, cut, expired or sent to a former address', async () => {
    const email = newAddress('eric');
    const account = await register(email);
    const token = await proofTokenSentTo(email);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      u: string;
      a: string;
      x: number;
    };
    const reSigned = (changes: object) =>
      `${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;
    const signer = createSigner({ db: test.database.db });
    const invalid = {
      statusCode: 400,
      message:
        'token: This confirmation link is not valid or has expired. Ask for a new one on the Security page of your account.',
    };
    const attempts = [
      `${token}x`,
      payload,
      reSigned({ x: claims.x + DAY_MS }),
      reSigned({ a: 'another-address-digest' }),
      // Signed by this site, but for another purpose.
      await signer.sign('unsubscribe', JSON.stringify(claims)),
      'not a token at all',
    ];
    for (const attempt of attempts) {
      const answer = await confirm(account.bearer, attempt);
      expect({ statusCode: answer.statusCode, message: answer.json().message }, attempt).toEqual(
        invalid,
      );
    }
    expect((await confirm(account.bearer, '')).json()).toMatchObject({
      issues: [{ field: 'token' }],
    });

    const saved = now;
    now = new Date(now.getTime() + EMAIL_PROOF_TTL_DAYS * DAY_MS + 1);
    expect((await confirm(account.bearer, token)).statusCode).toBe(400);
    now = saved;

    // The account's address changes: the link sent to the former one proves nothing now.
    await test.database.db
      .update(users)
      .set({ email: newAddress('moved') })
      .where(eq(users.id, account.id));
    expect((await confirm(account.bearer, token)).statusCode).toBe(400);
    expect((await provedAt(account.bearer)).emailProvedAt).toBeNull();
  });

  it('cannot give someone else’s inquiries to whoever registered their address', async () => {
    // The owner of the address asked as a guest; someone else registers that address.
    const victim = newAddress('victim');
    const conversation = await guestAsks(victim, `Private question (${victim})`);
    const squatter = await register(victim);

    // The link goes to the address, whose owner is not signed in to that account: following it
    // proves nothing, so a click on a link they did not ask for hands nothing over.
    const token = await proofTokenSentTo(victim);
    expect((await confirm({}, token)).statusCode).toBe(401);
    const bystander = await register(newAddress('bystander'));
    expect((await confirm(bystander.bearer, token)).statusCode).toBe(403);
    // And the one who registered it never sees the link: without it, nothing proves it.
    expect(await sentBox(squatter.bearer)).toEqual([]);
    expect((await provedAt(squatter.bearer)).emailProvedAt).toBeNull();
    const [row] = await test.database.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.id, conversation));
    expect(row!.senderId).toBeNull();
  });
});

describe('asking for the link again', () => {
  it('sends one every 5 minutes, none to a proved address, none to a visitor', async () => {
    const user = await createSignedInUser(test.database, { role: 'buyer' });
    const ask = () =>
      test.app.inject({ method: 'POST', url: '/api/me/email-proof', headers: user.bearer });

    const first = await ask();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(
      `We e-mailed a confirmation link to ${user.user.email}. It works for 7 days.`,
    );
    expect(await mailsTo(user.user.email)).toHaveLength(1);
    const soon = await ask();
    expect(soon.statusCode).toBe(429);
    expect(await mailsTo(user.user.email)).toHaveLength(1);

    now = new Date(now.getTime() + 5 * 60_000 + 1);
    expect((await ask()).statusCode).toBe(200);
    expect(await mailsTo(user.user.email)).toHaveLength(2);

    const proved = await confirm(user.bearer, await proofTokenSentTo(user.user.email));
    expect(proved.statusCode).toBe(200);
    now = new Date(now.getTime() + 5 * 60_000 + 1);
    const needless = await ask();
    expect(needless.statusCode).toBe(409);
    expect(needless.json().message).toBe('Your e-mail address is already confirmed.');

    expect((await test.app.inject({ method: 'POST', url: '/api/me/email-proof' })).statusCode).toBe(
      401,
    );
    expect((await test.app.inject({ method: 'GET', url: '/api/me/email-proof' })).statusCode).toBe(
      401,
    );
  });
});

describe('a new address', () => {
  it('is unproved until its own link is followed: an admin’s change clears the proof', async () => {
    const admin = await createSignedInUser(test.database, { role: 'admin' });
    const user = await createSignedInUser(test.database, { role: 'buyer' });
    await confirm(user.bearer, await requestedToken(user));
    expect((await provedAt(user.bearer)).emailProvedAt).not.toBeNull();

    // Only the case changes: the same address, still proved.
    const sameAddress = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${user.user.id}`,
      headers: admin.bearer,
      payload: { name: user.user.name, email: user.user.email.toUpperCase() },
    });
    expect(sameAddress.statusCode, sameAddress.body).toBe(200);
    expect((await provedAt(user.bearer)).emailProvedAt).not.toBeNull();

    const moved = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${user.user.id}`,
      headers: admin.bearer,
      payload: { name: user.user.name, email: newAddress('moved') },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().user.emailProvedAt).toBeNull();
    expect((await provedAt(user.bearer)).emailProvedAt).toBeNull();
  });
});

/** Asks for a proof link for a signed-in user, a while after any other; answers its token. */
async function requestedToken(user: SignedIn): Promise<string> {
  now = new Date(now.getTime() + 5 * 60_000 + 1);
  const asked = await test.app.inject({
    method: 'POST',
    url: '/api/me/email-proof',
    headers: user.bearer,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  return proofTokenSentTo(user.user.email);
}
