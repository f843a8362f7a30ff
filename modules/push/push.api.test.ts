/**
 * Web push through the API, to a push service on this machine that decrypts what it receives as
 * a browser would: a browser registers, a notice with an SMS text reaches it in its owner's
 * language, a browser the push service forgot (410) is forgotten here, a kind turned off sends
 * nothing, and bad subscriptions are refused with the field named.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDeliveries, pushKeys, pushSubscriptions } from '#db/schema.ts';
import { createProperty } from '#seed/factories.ts';
import {
  browserHeaders,
  createSignedInUser,
  createTestApp,
  type TestApp,
} from '#server/testing.ts';
import {
  decryptPush,
  readVapid,
  startPushEndpoint,
  type TestPushEndpoint,
  type TestSubscription,
} from '#test/push-endpoint.ts';
import { MAX_PUSH_SUBSCRIPTIONS, PUSH_TTL_SECONDS } from './push.service.ts';

let test: TestApp;
let pushService: TestPushEndpoint;

beforeAll(async () => {
  [test, pushService] = await Promise.all([
    createTestApp({ env: { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' } }),
    startPushEndpoint(),
  ]);
});

afterAll(async () => {
  await test.close();
  await pushService.close();
});

type Headers = Record<string, string>;

function register(headers: Headers, subscription: Omit<TestSubscription, 'privateKey'>) {
  return test.app.inject({
    method: 'POST',
    url: '/api/my-push-subscriptions',
    headers,
    payload: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
  });
}

/** A signed-in user with one browser registered for push. */
async function createPushUser(overrides: { locale?: 'en' | 'fr' | 'rw' } = {}) {
  const holder = await createSignedInUser(test.database, { role: 'seller', ...overrides });
  const browser = pushService.subscribe();
  expect((await register(holder.bearer, browser)).statusCode).toBe(201);
  return { ...holder, browser };
}

function ask(listingId: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/request-inform',
    payload: {
      listingId,
      name: 'Call +250788000000 to claim your prize',
      email: `eric-${randomUUID()}@example.rw`,
      phone: '0788123456',
      role: 'buyer',
      message: 'Send your Mobile Money PIN to this number',
      agree: true,
    },
  });
}

const runJobs = () => test.app.services.jobs.runDue({ isIncludingLater: true });

const subscriptionsOf = (userId: string) =>
  test.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('GET /api/push/key', () => {
  it('answers the same VAPID public key every time, kept in the database', async () => {
    const first = await test.app.inject({ method: 'GET', url: '/api/push/key' });
    const second = await test.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(second.json()).toEqual({ publicKey });
    const rows = await test.database.db.select().from(pushKeys);
    expect(rows.map((row) => row.publicKey)).toEqual([publicKey]);
  });
});

describe('push notices', () => {
  it('sends a new inquiry to the lister’s browser, encrypted, signed and in their language', async () => {
    const seller = await createPushUser({ locale: 'fr' });
    const house = await createProperty(test.database.db, seller.user.id, {
      title: 'Maison de trois chambres à Kimironko',
    });
    expect((await ask(house.id)).statusCode).toBe(201);
    expect(await runJobs()).toBeGreaterThanOrEqual(1);

    const [push, ...more] = pushService.received(seller.browser.endpoint);
    expect(more).toHaveLength(0);
    expect(push!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: String(PUSH_TTL_SECONDS),
      urgency: 'normal',
    });
    const { publicKey } = (await test.app.inject({ method: 'GET', url: '/api/push/key' })).json<{
      publicKey: string;
    }>();
    const vapid = readVapid(push!.headers.authorization);
    expect(vapid.publicKey).toBe(publicKey);
    expect(vapid.claims.aud).toBe(new URL(seller.browser.endpoint).origin);
    expect(vapid.claims.sub).toMatch(/^mailto:\S+@\S+$/);

    const payload = JSON.parse(decryptPush(push!.body, seller.browser)) as Record<string, unknown>;
    expect(payload).toEqual({
      title: 'Nouvelle demande d’informations sur Maison de trois chambres à Kimironko',
      body: expect.stringMatching(
        /^Inzu\s: nouvelle demande d’informations sur «\sMaison de trois.*»\.$/,
      ),
      link: expect.stringMatching(/^\/fr\/inquiries\/[\w-]+$/),
      tag: 'inquiry',
    });
    // Nothing the visitor typed, and no prompt left for a link the notification does not show.
    expect(JSON.stringify(payload)).not.toMatch(/prize|PIN|\+250788000000|Répondez/);

    const [subscription] = await subscriptionsOf(seller.user.id);
    expect(subscription!.lastSuccessAt).toBeInstanceOf(Date);
    expect(await test.database.db.select().from(pushDeliveries)).toHaveLength(0);
    // Sent once: running the jobs again sends nothing more.
    await runJobs();
    expect(pushService.received(seller.browser.endpoint)).toHaveLength(1);
  });

  it('sends to every browser of the user, calling notify() directly', async () => {
    const user = await createPushUser({ locale: 'rw' });
    const phone = pushService.subscribe();
    expect((await register(user.bearer, phone)).json()).toEqual({ subscriptions: 2 });
    await test.app.services.notifications.notify([user.user.id], () => ({
      kind: 'listing',
      title: 'Itangazo ryawe ryemejwe',
      message: 'Itangazo ryawe ryemejwe.',
      link: '/property/1',
      sms: { kind: 'listing', text: 'Inzu: itangazo ryawe ryemejwe. Rirebe:' },
    }));
    await runJobs();
    for (const browser of [user.browser, phone]) {
      const [push] = pushService.received(browser.endpoint);
      expect(JSON.parse(decryptPush(push!.body, browser))).toEqual({
        title: 'Itangazo ryawe ryemejwe',
        body: 'Inzu: itangazo ryawe ryemejwe.',
        link: '/rw/property/1',
        tag: 'listing',
      });
    }
  });

  it('sends nothing of a kind turned off, nor of a notice without an SMS text', async () => {
    const user = await createPushUser();
    const off = await test.app.inject({
      method: 'PUT',
      url: '/api/my-push-preferences',
      headers: user.bearer,
      payload: { listing: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      data: { inquiry: true, match: true, listing: false, search: false, payment: true },
      subscriptions: 1,
    });
    await test.app.services.notifications.notify([user.user.id], () => ({
      kind: 'listing',
      title: 'Approved',
      message: 'Approved.',
      link: '/property/1',
      sms: { kind: 'listing', text: 'Inzu: approved. See it:' },
    }));
    await test.app.services.notifications.notify([user.user.id], () => ({
      kind: 'notice',
      title: 'A word from the team',
      message: 'Hello',
      link: null,
    }));
    await runJobs();
    expect(pushService.received(user.browser.endpoint)).toHaveLength(0);
    expect(await test.database.db.select().from(pushDeliveries)).toHaveLength(0);
  });

  it('forgets a browser the push service answers 410 for', async () => {
    const user = await createPushUser();
    pushService.answerWith(user.browser.endpoint, 410);
    await test.app.services.notifications.notify([user.user.id], () => ({
      kind: 'inquiry',
      title: 'New inquiry',
      message: 'New inquiry',
      link: '/inquiries/1',
      sms: { kind: 'inquiry', text: 'Inzu: new inquiry. Reply:' },
    }));
    await runJobs();
    expect(pushService.received(user.browser.endpoint)).toHaveLength(1);
    expect(await subscriptionsOf(user.user.id)).toEqual([]);
  });

  it('tries a failing push service again, and sends the message once it answers', async () => {
    const user = await createPushUser();
    pushService.answerWith(user.browser.endpoint, 503);
    await test.app.services.notifications.notify([user.user.id], () => ({
      kind: 'inquiry',
      title: 'New inquiry',
      message: 'New inquiry',
      link: '/inquiries/2',
      sms: { kind: 'inquiry', text: 'Inzu: new inquiry. Reply:' },
    }));
    await test.app.services.jobs.runDue();
    const [failing] = await subscriptionsOf(user.user.id);
    expect(failing!.failureCount).toBe(1);
    expect(await test.database.db.select().from(pushDeliveries)).toMatchObject([
      { subscriptionId: failing!.id, status: 'queued' },
    ]);

    pushService.answerWith(user.browser.endpoint, 201);
    await runJobs();
    const pushes = pushService.received(user.browser.endpoint);
    expect(pushes).toHaveLength(2);
    expect(JSON.parse(decryptPush(pushes[1]!.body, user.browser))).toMatchObject({
      link: '/inquiries/2',
    });
    const [recovered] = await subscriptionsOf(user.user.id);
    expect(recovered!.failureCount).toBe(0);
  });
});

describe('a push that cannot be queued', () => {
  it('leaves the notice’s transaction standing', async () => {
    const user = await createPushUser();
    await test.database.db.transaction(async (tx) => {
      // A user id the database rejects: the push part fails inside its savepoint.
      const written = await test.app.services.push.sendNotice(
        { userId: 'not-a-uuid', kind: 'inquiry', title: 'T', body: 'B', link: null },
        tx,
      );
      expect(written).toBe(0);
      await test.app.services.push.sendNotice(
        { userId: user.user.id, kind: 'inquiry', title: 'T', body: 'B', link: null },
        tx,
      );
    });
    await runJobs();
    expect(pushService.received(user.browser.endpoint)).toHaveLength(1);
  });
});

describe('POST and DELETE /api/my-push-subscriptions', () => {
  it('asks to be signed in, and refuses a cross-site post carrying the cookie', async () => {
    const browser = pushService.subscribe();
    expect((await register({}, browser)).statusCode).toBe(401);
    const { token } = await createSignedInUser(test.database);
    const crossSite = await register(
      { ...browserHeaders(token), origin: 'https://evil.example' },
      browser,
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await register(browserHeaders(token), browser)).statusCode).toBe(201);
  });

  it.each([
    ['endpoint', { endpoint: '' }],
    ['keys.p256dh', { keys: { p256dh: 'short', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }],
    ['keys.auth', { keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'too-short' } }],
    ['endpoint', { endpoint: 'ftp://push.example.com/x' }],
    ['endpoint', { endpoint: 'not a url' }],
  ])('answers 400 naming %s for a bad subscription', async (field, change) => {
    const { bearer } = await createSignedInUser(test.database);
    const answer = await register(bearer, { ...pushService.subscribe(), ...change });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ issues: { field: string }[] }>().issues[0]!.field).toBe(field);
  });

  it('moves a browser to the account that registered it last, and keeps at most 10', async () => {
    const first = await createPushUser();
    const second = await createSignedInUser(test.database);
    expect((await register(second.bearer, first.browser)).json()).toEqual({ subscriptions: 1 });
    expect(await subscriptionsOf(first.user.id)).toEqual([]);

    for (let index = 0; index < MAX_PUSH_SUBSCRIPTIONS; index += 1) {
      await register(second.bearer, pushService.subscribe());
    }
    const kept = await subscriptionsOf(second.user.id);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    expect(kept.map((row) => row.endpoint)).not.toContain(first.browser.endpoint);
  });

  it('stops one browser, and answers 404 for a browser not the user’s', async () => {
    const user = await createPushUser();
    const other = await createPushUser();
    const remove = (endpoint: string) =>
      test.app.inject({
        method: 'DELETE',
        url: '/api/my-push-subscriptions',
        headers: user.bearer,
        payload: { endpoint },
      });
    expect((await remove(other.browser.endpoint)).statusCode).toBe(404);
    expect(await subscriptionsOf(other.user.id)).toHaveLength(1);
    const removed = await remove(user.browser.endpoint);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ subscriptions: 0 });
    expect((await remove(user.browser.endpoint)).statusCode).toBe(404);
  });
});

describe('GET and PUT /api/my-push-preferences', () => {
  it('answers the defaults, and 400 naming an unknown kind or a value not a boolean', async () => {
    const { bearer } = await createSignedInUser(test.database);
    const answer = await test.app.inject({
      method: 'GET',
      url: '/api/my-push-preferences',
      headers: bearer,
    });
    expect(answer.json()).toEqual({
      data: { inquiry: true, match: true, listing: true, search: false, payment: true },
      subscriptions: 0,
    });
    for (const payload of [{ weather: true }, { inquiry: 'yes' }]) {
      const bad = await test.app.inject({
        method: 'PUT',
        url: '/api/my-push-preferences',
        headers: bearer,
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/weather|inquiry/);
    }
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/my-push-preferences' })).statusCode,
    ).toBe(401);
  });
});

describe('push endpoints in production', () => {
  it('refuses an address the server would post to inside its own network', async () => {
    const guarded = await createTestApp();
    try {
      const { bearer } = await createSignedInUser(guarded.database);
      const keys = pushService.subscribe().keys;
      for (const endpoint of [
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://fcm.googleapis.com:8443/fcm/send/abc',
        'https://127.0.0.1/push',
        'https://10.1.2.3/push',
        'https://[::1]/push',
        'https://169.254.169.254/latest/meta-data',
        'https://localhost/push',
        'https://db.internal/push',
        'https://intranet/push',
      ]) {
        const answer = await guarded.app.inject({
          method: 'POST',
          url: '/api/my-push-subscriptions',
          headers: bearer,
          payload: { endpoint, keys },
        });
        expect(answer.statusCode, endpoint).toBe(400);
        expect(answer.json<{ issues: { field: string }[] }>().issues[0]!.field).toBe('endpoint');
      }
      const allowed = await guarded.app.inject({
        method: 'POST',
        url: '/api/my-push-subscriptions',
        headers: bearer,
        payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys },
      });
      expect(allowed.statusCode).toBe(201);

      // A browser on an inner address written before (the flag was on then) is never posted to.
      const { user } = await createSignedInUser(guarded.database);
      const inner = pushService.subscribe();
      await guarded.database.db.insert(pushSubscriptions).values({
        userId: user.id,
        endpoint: inner.endpoint,
        p256dh: inner.keys.p256dh,
        auth: inner.keys.auth,
      });
      await guarded.app.services.notifications.notify([user.id], () => ({
        kind: 'inquiry',
        title: 'New inquiry',
        message: 'New inquiry',
        link: '/inquiries/3',
        sms: { kind: 'inquiry', text: 'Inzu: new inquiry. Reply:' },
      }));
      await guarded.app.services.jobs.runDue({ isIncludingLater: true });
      expect(pushService.received(inner.endpoint)).toEqual([]);
      expect(
        await guarded.database.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, user.id)),
      ).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});
