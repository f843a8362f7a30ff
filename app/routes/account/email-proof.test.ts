/**
 * Proving the e-mail address from the pages, without JavaScript: the security page sends the
 * link, the link's page proves the address with its button, for the account's owner only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries, outbox, users } from '#db/schema.ts';
import { createProperty } from '#seed/factories.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

async function account(locale: 'rw' | 'en' = 'en') {
  const signedIn = await createSignedInUser(test.database, { role: 'buyer', locale });
  return { ...signedIn, viewer: viewerOf(signedIn) };
}

/** The security page's button: e-mails the link; answers its page's address (path). */
async function sendLink(viewer: Viewer & { email: string }, prefix = ''): Promise<string> {
  const sent = await requestPage(test, `${prefix}/account/security`, {
    viewer,
    form: { intent: 'emailProof' },
  });
  expect(sent.actionData).toMatchObject({ ok: true });
  const [mail] = await test.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, viewer.email));
  const link = /https?:\/\/\S+\/account\/email-proof\?token=\S+/.exec(mail!.body)![0];
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

const PAGE = 'routes/account/email-proof';

describe('/account/security', () => {
  it('says whether the address is proved, and e-mails the link that proves it', async () => {
    const { viewer } = await account();
    const before = await requestPage(test, '/account/security', { viewer });
    expect(before.loaderData['routes/account/security']).toMatchObject({
      emailState: { email: viewer.email, provedAt: null },
    });

    const sent = await requestPage(test, '/account/security', {
      viewer,
      form: { intent: 'emailProof' },
    });
    expect(sent.actionData).toEqual({
      ok: true,
      intent: 'emailProof',
      message: `We e-mailed a confirmation link to ${viewer.email}. It works for 7 days.`,
    });
    const again = await requestPage(test, '/account/security', {
      viewer,
      form: { intent: 'emailProof' },
    });
    expect(again.status).toBe(429);
    expect(
      await test.database.db.select().from(outbox).where(eq(outbox.recipient, viewer.email)),
    ).toHaveLength(1);
  });
});

describe('/account/email-proof', () => {
  it('sends a signed-out visitor to sign in first, and back', async () => {
    const { viewer } = await account();
    const path = await sendLink(viewer);
    const page = await requestPage(test, path);
    expect(page.location).toBe(`/login?next=${encodeURIComponent(path)}`);
  });

  it('proves the address with its button, in the reader’s language, and joins the guest inquiries', async () => {
    const { viewer, user } = await account('rw');
    const seller = await createSignedInUser(test.database, { role: 'seller' });
    const house = await createProperty(test.database.db, seller.user.id);
    const [guest] = await test.database.db
      .insert(inquiries)
      .values({
        propertyId: house.id,
        ownerId: seller.user.id,
        name: 'Eric',
        email: viewer.email.toUpperCase(),
        phone: '0788123456',
        role: 'buyer',
        message: 'Earlier, as a guest',
      })
      .returning();
    const path = await sendLink(viewer, '/rw');
    expect(path.startsWith('/rw/account/email-proof?token=')).toBe(true);

    // Opening the page changes nothing: mail scanners open links too.
    const opened = await requestPage(test, path, { viewer });
    expect(opened.loaderData[PAGE]).toMatchObject({
      link: { email: viewer.email, isProved: false },
      error: null,
    });
    const [unproved] = await test.database.db.select().from(users).where(eq(users.id, user.id));
    expect(unproved!.emailProvedAt).toBeNull();

    const token = new URL(path, 'http://localhost').searchParams.get('token')!;
    const proved = await requestPage(test, path, { viewer, form: { token } });
    expect(proved.actionData).toEqual({
      ok: true,
      message: 'Imeyili yawe yemejwe. Ikiganiro 1 watangije utinjiye ubu kiri kuri konti yawe.',
    });
    const [row] = await test.database.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.id, guest!.id));
    expect(row!.senderId).toBe(user.id);
    const reopened = await requestPage(test, path, { viewer });
    expect(reopened.loaderData[PAGE]).toMatchObject({ link: { isProved: true } });
  });

  it('tells another account, and a link that is not one, apart', async () => {
    const owner = await account();
    const path = await sendLink(owner.viewer);
    const other = await account();

    const elsewhere = await requestPage(test, path, { viewer: other.viewer });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.loaderData[PAGE]).toMatchObject({
      link: null,
      error:
        'This link confirms the address of another account. Sign out, then sign in to the account it was sent for.',
    });
    const token = new URL(path, 'http://localhost').searchParams.get('token')!;
    const posted = await requestPage(test, path, { viewer: other.viewer, form: { token } });
    expect(posted.status).toBe(403);

    const broken = await requestPage(test, `/account/email-proof?token=${token}x`, {
      viewer: owner.viewer,
    });
    expect(broken.status).toBe(400);
    expect(broken.loaderData[PAGE]).toMatchObject({
      link: null,
      error:
        'This confirmation link is not valid or has expired. Ask for a new one on the Security page of your account.',
    });
  });
});
