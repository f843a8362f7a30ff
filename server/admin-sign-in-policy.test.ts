/**
 * ADMIN_2FA=required: an admin's extra powers exist only in a session that satisfies the admin
 * sign-in policy. Without two-step sign-in, an admin is an ordinary user everywhere: every API
 * read and every page answers them exactly as it answers a guest with the same name, every write
 * on someone else's things is refused and changes nothing. With it on, the same calls work.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries, inquiryMessages, properties, propertyRequests } from '#db/schema.ts';
import { createAsset, createProperty, createPropertyRequest } from '#seed/factories.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { requestPage, type PageAnswer } from '#test/page-requests.ts';
import routes from '#app/routes.ts';
import type { DeclaredRoute } from './plugins/access.ts';
import { createSession, createSignedInUser, createTestApp, type TestApp } from './testing.ts';

const SINCE = new Date('2026-01-05T08:00:00Z');
const TURN_ON_TWO_STEP = 'Turn on two-step sign-in to use the admin panel.';

let test: TestApp;
/** The admin whose session does not satisfy the policy, and the guest they must equal. */
let heldBack: { id: string; email: string; token: string };
let guest: { id: string; email: string; token: string };
let twoStepAdmin: { id: string; token: string };
/** Other people's things, by the kind of id a route takes. */
let fixtures: {
  property: string;
  supply: string;
  asset: string;
  request: string;
  inquiry: string;
  seller: string;
};

async function userWithSession(values: Parameters<typeof createSignedInUser>[1]) {
  const { user, token } = await createSignedInUser(test.database, {
    name: 'Same Person',
    createdAt: SINCE,
    updatedAt: SINCE,
    ...values,
  });
  return { id: user.id, email: user.email, token };
}

beforeAll(async () => {
  test = await createTestApp({ adminTwoStep: 'required' });
  const { db } = test.database;
  heldBack = await userWithSession({ role: 'admin' });
  guest = await userWithSession({ role: 'guest' });
  twoStepAdmin = await userWithSession({
    role: 'admin',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    totpEnabledAt: SINCE,
  });
  const seller = (await createSignedInUser(test.database, { role: 'seller' })).user;
  const buyer = (await createSignedInUser(test.database, { role: 'buyer' })).user;
  const property = await createProperty(db, seller.id, { title: 'Seller house' });
  const inquiry = await test.app.inject({
    method: 'POST',
    url: '/api/request-inform',
    payload: {
      listingId: property.id,
      name: 'Jean Habimana',
      email: 'jean@example.rw',
      phone: '0788123456',
      role: 'buyer',
      message: 'Is the house still available?',
      agree: true,
    },
  });
  expect(inquiry.statusCode).toBe(201);
  fixtures = {
    property: property.id,
    supply: (await createProperty(db, seller.id, { moderation: 'Pending' })).id,
    asset: (await createAsset(db, seller.id)).id,
    request: (await createPropertyRequest(db, buyer.id, { status: 'Closed' })).id,
    inquiry: (await db.select().from(inquiries).where(eq(inquiries.email, 'jean@example.rw')))[0]!
      .id,
    seller: seller.id,
  };
});

afterAll(async () => {
  await test.close();
});

/** A fresh session of a user, so that no call (a logout) spoils another. */
async function bearerOf(userId: string) {
  return { authorization: `Bearer ${await createSession(test.database, userId)}` };
}

/** The held-back admin's answer as the guest's would read: their own id and e-mail swapped. */
function asGuest(body: string): string {
  return body.replaceAll(heldBack.id, guest.id).replaceAll(heldBack.email, guest.email);
}

/** Every address a route takes: each id of someone else's thing in its parameters. */
function urlsOf(route: DeclaredRoute): string[] {
  if (!/:\w+/.test(route.url)) {
    return ['', '?pageSize=48', '?box=received', '?box=sent', `?ownerId=${fixtures.seller}`].map(
      (query) => `${route.url}${query}`,
    );
  }
  return [...Object.values(fixtures), randomUUID()].map((id) => route.url.replace(/:\w+/g, id));
}

describe('the API with ADMIN_2FA=required', () => {
  it('answers an admin without two-step sign-in every read as it answers a guest', async () => {
    const differences: string[] = [];
    let compared = 0;
    for (const route of test.app.declaredRoutes) {
      // The account's own facts (its role among them) are the one thing that differs.
      if (route.method !== 'GET' || route.url.startsWith('/api/me') || route.access === 'admin') {
        continue;
      }
      for (const url of urlsOf(route)) {
        const [asAdmin, asGuestUser] = await Promise.all([
          test.app.inject({ url, headers: await bearerOf(heldBack.id) }),
          test.app.inject({ url, headers: await bearerOf(guest.id) }),
        ]);
        compared += 1;
        // A refusal may differ in its words: the admin is told to turn two-step sign-in on.
        const isSameRefusal = asAdmin.statusCode === 403 && asGuestUser.statusCode === 403;
        if (
          asAdmin.statusCode !== asGuestUser.statusCode ||
          (!isSameRefusal && asGuest(asAdmin.body) !== asGuestUser.body)
        ) {
          differences.push(`GET ${url}: ${asAdmin.statusCode} ${asAdmin.body.slice(0, 160)}`);
        }
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  });

  it('refuses every admin route, saying how to get the powers', async () => {
    const adminRoutes = test.app.declaredRoutes.filter((route) => route.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const route of adminRoutes) {
      const response = await test.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, randomUUID()),
        headers: await bearerOf(heldBack.id),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().message).toBe(TURN_ON_TWO_STEP);
    }
  });

  it('shows a two-step admin what it hides from one without (the reads above have teeth)', async () => {
    const read = async (userId: string, url: string) =>
      test.app.inject({ url, headers: await bearerOf(userId) });
    const supplies = await read(twoStepAdmin.id, '/api/supply-property?pageSize=48');
    expect(supplies.body).toContain(fixtures.supply);
    expect((await read(heldBack.id, '/api/supply-property?pageSize=48')).body).not.toContain(
      fixtures.supply,
    );
    const received = await read(twoStepAdmin.id, '/api/inquiries?box=received');
    expect(received.body).toContain('jean@example.rw');
    expect((await read(heldBack.id, '/api/inquiries?box=received')).body).not.toContain('jean@');
    expect((await read(twoStepAdmin.id, `/api/inquiries/${fixtures.inquiry}`)).statusCode).toBe(
      200,
    );
    expect((await read(heldBack.id, `/api/inquiries/${fixtures.inquiry}`)).statusCode).toBe(404);
    const closed = `/api/request-property/${fixtures.request}`;
    expect((await read(twoStepAdmin.id, closed)).statusCode).toBe(200);
    expect((await read(heldBack.id, closed)).statusCode).not.toBe(200);
  });

  /** Each write that an admin may make on someone else's things, with a body that is valid. */
  const writes = (): { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] => [
    {
      method: 'POST',
      url: `/api/inquiries/${fixtures.inquiry}/messages`,
      payload: { body: 'Admin here' },
    },
    { method: 'PUT', url: `/api/inquiries/${fixtures.inquiry}`, payload: { handled: true } },
    { method: 'PUT', url: `/api/property/${fixtures.property}/availability`, payload: {} },
    { method: 'PUT', url: `/api/request-property/${fixtures.request}`, payload: {} },
    { method: 'POST', url: `/api/listings/${fixtures.property}/renew` },
    { method: 'DELETE', url: `/api/supply-property/${fixtures.supply}` },
    { method: 'DELETE', url: `/api/request-property/${fixtures.request}` },
    { method: 'DELETE', url: `/api/inquiries/${fixtures.inquiry}` },
  ];

  it('refuses an admin without two-step sign-in every write on another user’s things', async () => {
    const before = await snapshot();
    for (const write of writes()) {
      const response = await test.app.inject({ ...write, headers: await bearerOf(heldBack.id) });
      expect([403, 404], `${write.method} ${write.url}: ${response.body}`).toContain(
        response.statusCode,
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it('walks every owner route: refused without two-step sign-in, allowed with it', async () => {
    const ownerRoutes = test.app.declaredRoutes.filter((route) => typeof route.access === 'object');
    expect(ownerRoutes.length).toBeGreaterThan(5);
    for (const route of ownerRoutes) {
      const kind = (route.access as { owner: string }).owner;
      const id =
        kind === 'request'
          ? fixtures.request
          : kind === 'supply'
            ? fixtures.supply
            : kind === 'asset'
              ? fixtures.asset
              : fixtures.property;
      const call = async (userId: string) =>
        test.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(':id', id),
          headers: await bearerOf(userId),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
      if (route.method === 'DELETE') continue; // deleted below, once, after the refusals
      const refused = await call(heldBack.id);
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(refused.json().message).toBe(TURN_ON_TWO_STEP);
      expect((await call(twoStepAdmin.id)).statusCode, `${route.method} ${route.url}`).not.toBe(
        403,
      );
    }
  });
});

/** What the writes above could change: the messages, the supply and the request. */
async function snapshot() {
  const { db } = test.database;
  return {
    messages: (await db.select().from(inquiryMessages)).length,
    supply: await db.select().from(properties).where(eq(properties.id, fixtures.supply)),
    property: await db.select().from(properties).where(eq(properties.id, fixtures.property)),
    request: await db
      .select()
      .from(propertyRequests)
      .where(eq(propertyRequests.id, fixtures.request)),
  };
}

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every page address of the site in English, from the one map (app/routes.ts). */
function pagePaths(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = (entry.path ?? '').replace(/^:lang\?$/, '');
    const path = [parent, own].filter(Boolean).join('/');
    const children = entry.children ? pagePaths(entry.children, path) : [];
    const self = entry.index || (!entry.children && entry.path !== undefined) ? [`/${path}`] : [];
    return [...self, ...children];
  });
}

describe('the pages with ADMIN_2FA=required', () => {
  async function viewerOf(userId: string): Promise<Viewer> {
    const token = await createSession(test.database, userId);
    const viewer = await test.app.services.accounts.getViewer(token);
    return viewer!;
  }

  /** What a page answered, as the guest's would read: no header strip, ids swapped. */
  function comparable(answer: PageAnswer) {
    const { root: _root, ...pages } = answer.loaderData;
    return asGuest(
      JSON.stringify({
        status: answer.status,
        location: answer.location,
        errors: answer.errors,
        pages,
      }),
    );
  }

  it('answers an admin without two-step sign-in every page as it answers a guest', async () => {
    // The account's own pages differ by design: where signing in lands (the admin panel, which
    // sends them on to turn two-step sign-in on), and the security page that asks them to.
    const ownAccountPages = ['/login', '/account/security'];
    const paths = pagePaths(routes as RouteEntry[]).filter(
      (path) =>
        !path.startsWith('/admin-panel') && !path.includes('*') && !ownAccountPages.includes(path),
    );
    expect(paths).toEqual(
      expect.arrayContaining(['/supply-property-detail/:id/edit', '/inquiries/:id']),
    );
    const differences: string[] = [];
    for (const path of paths) {
      const urls = path.includes(':id')
        ? Object.values(fixtures).map((id) => path.replace(':id', id))
        : [path.replace(/\/:\w+\?/g, '').replace(/:\w+/g, 'house')];
      for (const url of urls) {
        const [asAdmin, asGuestUser] = [
          await requestPage(test, url, { viewer: await viewerOf(heldBack.id) }),
          await requestPage(test, url, { viewer: await viewerOf(guest.id) }),
        ];
        if (comparable(asAdmin) !== comparable(asGuestUser)) {
          differences.push(`${url}: ${comparable(asAdmin).slice(0, 200)}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('sends an admin without two-step sign-in from every admin page to the security page', async () => {
    const paths = pagePaths(routes as RouteEntry[]).filter((path) =>
      path.startsWith('/admin-panel'),
    );
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      const url = path.replace(':id', fixtures.property).replace('*', 'nowhere');
      const answer = await requestPage(test, url, { viewer: await viewerOf(heldBack.id) });
      expect(answer.location, url).toBe('/account/security?adminTwoStep=required');
    }
  });

  it('refuses the owner forms of other people’s things, and changes nothing', async () => {
    const before = await snapshot();
    const viewer = await viewerOf(heldBack.id);
    const posts: [string, Record<string, string>][] = [
      [`/supply-property-detail/${fixtures.supply}`, { intent: 'withdraw' }],
      [`/supply-property-detail/${fixtures.property}`, { intent: 'renew' }],
      [`/inquiries/${fixtures.inquiry}`, { intent: 'reply', body: 'Admin here' }],
      [`/inquiries/${fixtures.inquiry}`, { intent: 'handled', handled: 'true' }],
      [`/requested-property-detail/${fixtures.request}`, { intent: 'status', status: 'Open' }],
      [`/requested-property-detail/${fixtures.request}`, { intent: 'delete' }],
    ];
    for (const [url, form] of posts) {
      const answer = await requestPage(test, url, { viewer, form });
      expect(answer.location, url).toBeNull();
      expect(answer.actionData, url).toMatchObject({ ok: false });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('an admin with two-step sign-in', () => {
  it('lets an admin with two-step sign-in make the same writes', async () => {
    const message = await test.app.inject({
      ...{
        method: 'POST' as const,
        url: `/api/inquiries/${fixtures.inquiry}/messages`,
        payload: { body: 'Admin here' },
      },
      headers: await bearerOf(twoStepAdmin.id),
    });
    expect(message.statusCode).toBe(201);
    const withdrawn = await test.app.inject({
      method: 'DELETE',
      url: `/api/supply-property/${fixtures.supply}`,
      headers: await bearerOf(twoStepAdmin.id),
    });
    expect(withdrawn.statusCode).toBe(200);
  });
});
