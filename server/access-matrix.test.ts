/**
 * The access matrix: every API route the app registers, called by every kind of caller, must
 * answer exactly as its declared access says. New routes are covered as soon as they are
 * registered; a new kind of owned resource needs one fixture below (TypeScript asks for it).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { createAsset, createProperty, createPropertyRequest } from '#seed/factories.ts';
import type { UserRole } from '#lib/account.ts';
import type { OwnedResource } from './owner-lookups.ts';
import type { Access, DeclaredRoute } from './plugins/access.ts';
import { createSession, createSignedInUser, createTestApp, type TestApp } from './testing.ts';

/** Makes a resource of each owned kind for a given owner, answering its id. */
const OWNED_FIXTURES: Record<OwnedResource, (db: Database, ownerId: string) => Promise<string>> = {
  property: async (db, ownerId) => (await createProperty(db, ownerId)).id,
  asset: async (db, ownerId) => (await createAsset(db, ownerId)).id,
  request: async (db, ownerId) => (await createPropertyRequest(db, ownerId)).id,
  supply: async (db, ownerId) => (await createProperty(db, ownerId, { moderation: 'Pending' })).id,
  listing: async (db, ownerId) => (await createAsset(db, ownerId)).id,
};

type Caller =
  'anonymous' | 'guest' | 'buyer' | 'seller' | 'admin' | 'blocked user' | 'owner' | 'another user';

type Outcome = 'allowed' | '401' | '403';

const CALLERS: Caller[] = [
  'anonymous',
  'guest',
  'buyer',
  'seller',
  'admin',
  'blocked user',
  'owner',
  'another user',
];

/** What each caller must get from a route with the given access. */
function expectedOutcome(access: Access, caller: Caller): Outcome {
  if (access === 'public') return 'allowed';
  if (caller === 'anonymous' || caller === 'blocked user') return '401';
  if (access === 'signed-in' || caller === 'admin') return 'allowed';
  if (access === 'admin') return '403';
  return caller === 'owner' ? 'allowed' : '403';
}

function outcomeOf(status: number): Outcome {
  if (status === 401) return '401';
  if (status === 403) return '403';
  return 'allowed';
}

const CALLER_ROLES: Record<Exclude<Caller, 'anonymous'>, UserRole> = {
  guest: 'guest',
  buyer: 'buyer',
  seller: 'seller',
  admin: 'admin',
  'blocked user': 'seller',
  owner: 'seller',
  'another user': 'buyer',
};

let test: TestApp;
const callerIds = new Map<Caller, string>();

beforeAll(async () => {
  test = await createTestApp();
  for (const [caller, role] of Object.entries(CALLER_ROLES)) {
    const { user } = await createSignedInUser(test.database, { role });
    callerIds.set(caller as Caller, user.id);
  }
  await test.database.db
    .update(users)
    .set({ status: 'Blocked' })
    .where(eq(users.id, callerIds.get('blocked user')!));
});

afterAll(async () => {
  await test.close();
});

/** A fresh session for each call, so that a logout route cannot spoil the next one. */
async function headersFor(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  const token = await createSession(test.database, callerIds.get(caller)!);
  return { authorization: `Bearer ${token}` };
}

async function urlFor(route: DeclaredRoute): Promise<string> {
  const access = route.access;
  const id =
    typeof access === 'object'
      ? await OWNED_FIXTURES[access.owner](test.database.db, callerIds.get('owner')!)
      : randomUUID();
  return route.url.replace(':id', id).replace(/:\w+/g, 'x').replace('*', 'no-such-route');
}

describe('the access matrix', () => {
  it('covers routes of every access kind', () => {
    const kinds = new Set(
      test.app.declaredRoutes.map((route) =>
        typeof route.access === 'object' ? 'owner' : route.access,
      ),
    );
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['owner', 'public', 'signed-in']));
    expect(test.app.declaredRoutes.length).toBeGreaterThan(15);
  });

  it('answers every caller of every route as its declared access says', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    for (const route of test.app.declaredRoutes) {
      for (const caller of CALLERS) {
        const isWrite = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(route.method);
        const response = await test.app.inject({
          method: route.method as 'GET',
          url: await urlFor(route),
          headers: await headersFor(caller),
          ...(isWrite ? { payload: {} } : {}),
        });
        calls += 1;
        const expected = expectedOutcome(route.access, caller);
        const actual = outcomeOf(response.statusCode);
        if (response.statusCode >= 500 || actual !== expected) {
          mismatches.push(
            `${route.method} ${route.url} as ${caller}: expected ${expected}, got ` +
              `${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(calls).toBe(test.app.declaredRoutes.length * CALLERS.length);
  });

  it('says why: 401 asks to log in, 403 says it is not allowed', async () => {
    const adminRoute = test.app.declaredRoutes.find((route) => route.access === 'admin');
    const ownerRoute = test.app.declaredRoutes.find((route) => typeof route.access === 'object');
    expect(ownerRoute).toBeDefined();
    const anonymous = await test.app.inject({
      method: ownerRoute!.method as 'PUT',
      url: await urlFor(ownerRoute!),
      payload: {},
    });
    expect(anonymous.json()).toEqual({ message: 'Please log in to continue.' });
    const stranger = await test.app.inject({
      method: ownerRoute!.method as 'PUT',
      url: await urlFor(ownerRoute!),
      headers: await headersFor('another user'),
      payload: {},
    });
    expect(stranger.json()).toEqual({ message: 'You do not have permission to do this.' });
    if (adminRoute) {
      const buyer = await test.app.inject({
        method: adminRoute.method as 'GET',
        url: await urlFor(adminRoute),
        headers: await headersFor('buyer'),
      });
      expect(buyer.json()).toEqual({ message: 'Only admins can do this.' });
    }
  });
});

describe('the access matrix with ADMIN_2FA=required', () => {
  let required: TestApp;
  let adminId: string;

  beforeAll(async () => {
    required = await createTestApp({ adminTwoStep: 'required' });
    adminId = (await createSignedInUser(required.database, { role: 'admin' })).user.id;
  });

  afterAll(async () => {
    await required.close();
  });

  async function callAsAdmin(route: DeclaredRoute) {
    const token = await createSession(required.database, adminId);
    const isWrite = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(route.method);
    return required.app.inject({
      method: route.method as 'GET',
      url: route.url.replace(/:\w+/g, randomUUID()).replace('*', 'no-such-route'),
      headers: { authorization: `Bearer ${token}` },
      ...(isWrite ? { payload: {} } : {}),
    });
  }

  it('refuses an admin without two-step sign-in every admin route (403), and no signed-in one', async () => {
    const mismatches: string[] = [];
    for (const route of required.app.declaredRoutes) {
      if (route.access !== 'admin' && route.access !== 'signed-in') continue;
      const response = await callAsAdmin(route);
      const isRefused =
        response.statusCode === 403 &&
        response.json().message === 'Turn on two-step sign-in to use the admin panel.';
      if (response.statusCode >= 500 || isRefused !== (route.access === 'admin')) {
        mismatches.push(`${route.method} ${route.url}: ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses an admin without two-step sign-in every owner route on another user’s things', async () => {
    const ownerId = (await createSignedInUser(required.database, { role: 'seller' })).user.id;
    const mismatches: string[] = [];
    for (const route of required.app.declaredRoutes) {
      if (typeof route.access !== 'object') continue;
      const id = await OWNED_FIXTURES[route.access.owner](required.database.db, ownerId);
      const token = await createSession(required.database, adminId);
      const isWrite = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(route.method);
      const response = await required.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(':id', id),
        headers: { authorization: `Bearer ${token}` },
        ...(isWrite ? { payload: {} } : {}),
      });
      if (response.statusCode !== 403) {
        mismatches.push(`${route.method} ${route.url}: ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lets the admin in once two-step sign-in is on', async () => {
    await required.database.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', totpEnabledAt: new Date() })
      .where(eq(users.id, adminId));
    const adminRoutes = required.app.declaredRoutes.filter((route) => route.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      expect((await callAsAdmin(route)).statusCode, `${route.method} ${route.url}`).not.toBe(403);
    }
  });
});
