/**
 * Maintenance mode for pages: the server check (form posts sent back to the page, Retry-After)
 * and the root loader's decision (the maintenance page with 503), without a page build. The API
 * side is in settings.api.test.ts; the browser journey in e2e/admin-settings.spec.ts.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { isRouteErrorResponse } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerLookups } from '#server/owner-lookups.ts';
import accessPlugin from '#server/plugins/access.ts';
import errorsPlugin from '#server/plugins/errors.ts';
import maintenancePlugin from '#server/plugins/maintenance.ts';
import {
  browserHeaders,
  createSignedInUser,
  createTestApp,
  createTestPageContext,
  type TestApp,
} from '#server/testing.ts';
import { loadSiteSettings } from '#app/root.server.ts';
import { DEFAULT_PLATFORM_SETTINGS } from './settings.schema.ts';

let test: TestApp;
let pages: FastifyInstance;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let seller: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp();
  admin = await createSignedInUser(test.database, { role: 'admin' });
  seller = await createSignedInUser(test.database, { role: 'seller' });
  // The server's checks in front of a stand-in for the pages plugin's catch-all route.
  pages = Fastify({ logger: false });
  await pages.register(errorsPlugin);
  await pages.register(accessPlugin, {
    accounts: test.app.services.accounts,
    ownerLookups: createOwnerLookups(test.app.services),
    publicUrl: undefined,
  });
  await pages.register(maintenancePlugin, { settings: test.app.services.settings });
  pages.addContentTypeParser('*', (_request, _payload, done) => done(null));
  pages.route({
    method: ['GET', 'POST'],
    url: '/*',
    config: { access: 'public' },
    handler: async () => 'page',
  });
  await pages.ready();
  await setMaintenance(true);
});

afterAll(async () => {
  await pages.close();
  await test.close();
});

async function setMaintenance(maintenanceMode: boolean) {
  const actor = { id: admin.user.id, role: 'admin' as const };
  await test.app.services.settings.updatePlatformSettings(
    { ...DEFAULT_PLATFORM_SETTINGS, footerText: 'Inzu Ltd, Kigali', maintenanceMode },
    actor,
  );
}

function post(url: string, token?: string) {
  return pages.inject({
    method: 'POST',
    url,
    headers: {
      ...(token ? browserHeaders(token) : { origin: 'http://localhost:80' }),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'username=Ana',
  });
}

describe('the server check for pages', () => {
  it('sends a form post back to its page (which answers the maintenance page)', async () => {
    const anonymous = await post('/contact?index');
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/contact');
    const bySeller = await post('/contact.data', seller.token);
    expect(bySeller.statusCode).toBe(303);
    expect(bySeller.headers.location).toBe('/contact');
  });

  it('lets page reads through to the root loader, marked Retry-After', async () => {
    const read = await pages.inject('/property/anything');
    expect(read.body).toBe('page');
    expect(read.headers['retry-after']).toBe('300');
  });

  it('lets an admin and the sign-in pages through', async () => {
    expect((await post('/contact', admin.token)).body).toBe('page');
    expect((await post('/login')).body).toBe('page');
    expect((await post('/logout', seller.token)).body).toBe('page');
    expect((await post('/reset-password?token=x')).body).toBe('page');
    const adminRead = await pages.inject({ url: '/', headers: browserHeaders(admin.token) });
    expect(adminRead.headers['retry-after']).toBeUndefined();
  });
});

describe('the root loader', () => {
  function contextFor(viewer: { role: 'admin' | 'seller' } | null) {
    const user = viewer && {
      id: admin.user.id,
      name: 'A',
      email: 'a@inzu.rw',
      sessionId: 's',
      locale: null,
      isTwoStepOn: false,
      ...viewer,
      accountRole: viewer.role,
    };
    return createTestPageContext(test, user);
  }

  async function refusal(url: string, viewer: { role: 'admin' | 'seller' } | null) {
    try {
      await loadSiteSettings(new Request(`http://localhost${url}`), contextFor(viewer));
      return undefined;
    } catch (error) {
      return error;
    }
  }

  it('answers the maintenance page (503) to anyone but an admin', async () => {
    for (const viewer of [null, { role: 'seller' as const }]) {
      const error = await refusal('/', viewer);
      expect(isRouteErrorResponse(error)).toBe(false);
      // `data()` thrown from a loader: React Router turns it into the 503 error response.
      expect(error).toMatchObject({
        data: { maintenance: true, footerText: 'Inzu Ltd, Kigali', contactEmail: 'hello@inzu.rw' },
        init: { status: 503 },
      });
    }
    expect(await refusal('/_root.data', null)).toMatchObject({ init: { status: 503 } });
  });

  it('shows pages to an admin, and the sign-in pages to everyone', async () => {
    const site = await loadSiteSettings(
      new Request('http://localhost/'),
      contextFor({ role: 'admin' }),
    );
    expect(site).toMatchObject({ maintenanceMode: true, footerText: 'Inzu Ltd, Kigali' });
    expect(await refusal('/login', null)).toBeUndefined();
    expect(await refusal('/forgot-password', null)).toBeUndefined();
  });

  it('shows every page once maintenance mode is off', async () => {
    await setMaintenance(false);
    expect(await refusal('/', null)).toBeUndefined();
    expect((await post('/contact')).body).toBe('page');
    await setMaintenance(true);
  });
});
