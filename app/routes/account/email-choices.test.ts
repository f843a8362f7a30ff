/** The e-mail choices page and the unsubscribe page, as the server runs them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

let test: TestApp;
let user: Viewer & { email: string };

beforeAll(async () => {
  test = await createTestApp();
  user = viewerOf(await createSignedInUser(test.database, { role: 'seller' }));
});

afterAll(async () => {
  await test.close();
});

const choices = () => test.app.services.emailChoices.getChoices(user.email);

async function tokenFor(kind: 'match' | 'newsletter') {
  const link = await test.app.services.mail.unsubscribeUrl(user.email, kind);
  return new URL(link).searchParams.get('token')!;
}

describe('/account/notifications', () => {
  it('sends a signed-out visitor to the login page first', async () => {
    const page = await requestPage(test, '/account/notifications');
    expect(page.location).toBe('/login?next=%2Faccount%2Fnotifications');
  });

  it('shows the choices and saves the ticked boxes: an unticked box turns its kind off', async () => {
    const page = await requestPage(test, '/account/notifications', { viewer: user });
    expect(page.loaderData['routes/account/email-choices']).toEqual({
      email: user.email,
      choices: await choices(),
      phone: null,
      smsChoices: { inquiry: true, match: true, listing: true, search: false, payment: true },
      smsPerDay: 5,
      pushChoices: { inquiry: true, match: true, listing: true, search: false, payment: true },
      pushEndpoints: [],
    });

    const saved = await requestPage(test, '/account/notifications', {
      viewer: user,
      form: { notice: 'on', inquiry: 'on', favourite: 'on', listing: 'on', newsletter: 'on' },
    });
    expect(saved.actionData).toEqual({ ok: true, message: 'Your e-mail choices are saved.' });
    expect(await choices()).toEqual({
      notice: true,
      inquiry: true,
      match: false,
      favourite: true,
      listing: true,
      search: false,
      newsletter: true,
    });
  });
});

describe('/account/notifications, SMS', () => {
  it('saves the SMS boxes of an account with a number: an unticked box turns its kind off', async () => {
    const holder = viewerOf(
      await createSignedInUser(test.database, {
        role: 'seller',
        phone: '+250788700700',
        phoneProvedAt: new Date(),
      }),
    );
    const saved = await requestPage(test, '/rw/account/notifications', {
      viewer: holder,
      form: { channel: 'sms', inquiry: 'on', search: 'on' },
    });
    expect(saved.actionData).toEqual({
      ok: true,
      message: 'Amahitamo yawe ya SMS yabitswe.',
      channel: 'sms',
    });
    expect(await test.app.services.sms.getChoices(holder.id)).toEqual({
      inquiry: true,
      match: false,
      listing: false,
      search: true,
      payment: false,
    });
    const page = await requestPage(test, '/account/notifications', { viewer: holder });
    expect(page.loaderData['routes/account/email-choices']).toMatchObject({
      phone: '+250788700700',
      smsChoices: { inquiry: true, listing: false, search: true },
    });
  });
});

describe('/account/notifications, push', () => {
  it('lists the account’s browsers and saves the push boxes, leaving the SMS ones', async () => {
    const holder = viewerOf(await createSignedInUser(test.database, { role: 'buyer' }));
    const endpoint = 'https://fcm.googleapis.com/fcm/send/page-test';
    await test.app.services.push.subscribe(
      holder.id,
      { endpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
      null,
    );
    const saved = await requestPage(test, '/fr/account/notifications', {
      viewer: holder,
      form: { channel: 'push', listing: 'on' },
    });
    expect(saved.actionData).toEqual({
      ok: true,
      message: 'Vos choix de notifications sont enregistrés.',
      channel: 'push',
    });
    expect(await test.app.services.push.getChoices(holder.id)).toMatchObject({
      inquiry: false,
      listing: true,
    });
    expect((await test.app.services.sms.getChoices(holder.id)).inquiry).toBe(true);
    const page = await requestPage(test, '/account/notifications', { viewer: holder });
    expect(page.loaderData['routes/account/email-choices']).toMatchObject({
      pushChoices: { inquiry: false, listing: true },
      pushEndpoints: [endpoint],
    });
  });
});

describe('/unsubscribe', () => {
  it('answers 400 with nothing to act on for a link that is not one', async () => {
    for (const url of ['/unsubscribe', '/unsubscribe?token=abc.def']) {
      const page = await requestPage(test, url);
      expect(page.status).toBe(400);
      expect(page.loaderData['routes/account/unsubscribe']).toEqual({
        link: null,
        isSignedIn: false,
      });
    }
    const posted = await requestPage(test, '/unsubscribe?token=abc.def', {
      form: { intent: 'unsubscribe' },
    });
    expect(posted.status).toBe(400);
    expect(posted.actionData).toMatchObject({
      ok: false,
      fieldErrors: { token: expect.any(String) },
    });
  });

  it('asks first, then stops the kind; "Subscribe again" starts it again', async () => {
    const token = await tokenFor('match');
    await test.app.services.emailChoices.setChoices(user.email, { match: true });
    const page = await requestPage(test, `/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    const [name, domain] = user.email.split('@');
    expect(page.loaderData['routes/account/unsubscribe']).toEqual({
      link: { kind: 'match', email: `${name!.slice(0, 1)}…@${domain}`, isReceiving: true },
      isSignedIn: false,
    });
    expect((await choices()).match).toBe(true);

    const stopped = await requestPage(test, `/unsubscribe?token=${token}`, {
      form: { intent: 'unsubscribe' },
    });
    expect(stopped.actionData).toMatchObject({ ok: true });
    expect((await choices()).match).toBe(false);

    await requestPage(test, `/unsubscribe?token=${token}`, { form: { intent: 'resubscribe' } });
    expect((await choices()).match).toBe(true);
  });

  it('takes a mail program’s one-click unsubscribe (RFC 8058), with no intent', async () => {
    const token = await tokenFor('newsletter');
    await test.app.services.emailChoices.setChoices(user.email, { newsletter: true });

    const posted = await requestPage(test, `/unsubscribe?token=${token}`, {
      form: { 'List-Unsubscribe': 'One-Click' },
    });

    expect(posted.actionData).toEqual({
      ok: true,
      message: `You will no longer receive e-mails about the newsletter at ${user.email.slice(0, 1)}…@${user.email.split('@')[1]}.`,
    });
    expect((await choices()).newsletter).toBe(false);
  });
});
