import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '#seed/factories.ts';
import accessPlugin from './plugins/access.ts';
import { createOwnerLookups } from './owner-lookups.ts';
import { createTestApp, type TestApp } from './testing.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The public calls of spec section 7 that this app serves, in OpenAPI path form. */
const PUBLIC_PATHS = {
  '/api/search': 'get',
  '/api/get-property/{id}': 'get',
  '/api/get-properties/type/{type}': 'get',
  '/api/property-asset/type/{type}': 'get',
  '/api/property-asset/{id}': 'get',
  '/api/create-message': 'post',
  '/api/subscribe': 'post',
  '/api/request-inform': 'post',
} as const;

describe('GET /healthz', () => {
  it('answers 200 when the database answers', async () => {
    const response = await test.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/docs', () => {
  it('answers an OpenAPI 3 document listing every public call', async () => {
    const response = await test.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBeTruthy();
    for (const [path, method] of Object.entries(PUBLIC_PATHS)) {
      expect(document.paths, path).toHaveProperty([path, method]);
    }
  });

  it('describes path parameters, bodies and answers', async () => {
    const { paths } = (await test.app.inject('/api/docs')).json();
    const property = paths['/api/get-property/{id}'].get;
    expect(property.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    expect(Object.keys(property.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    const inquiry = paths['/api/request-inform'].post;
    const body = inquiry.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(
      expect.arrayContaining(['listingId', 'name', 'email', 'phone', 'role', 'message']),
    );
    expect(Object.keys(inquiry.responses)).toEqual(expect.arrayContaining(['201', '400']));
    expect(paths['/api/search'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'q', in: 'query' })]),
    );
  });

  it('documents exactly the declared routes, with no hidden or internal one', async () => {
    const { paths } = (await test.app.inject('/api/docs')).json();
    const documented = Object.entries(paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    const declared = test.app.declaredRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !['GET /api/docs'].includes(route) && !route.endsWith('/api/*'));
    expect(documented.sort()).toEqual(declared.sort());
  });
});

describe('unknown paths', () => {
  it('answers 404 JSON with a message for an unknown /api path, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/delete-everything'],
      ['DELETE', '/api/get-property/7b0e2a4e-6a35-4ad5-9bd1-4c8b3f0a9d11'],
      ['GET', '/api'],
    ] as const) {
      const response = await test.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers 404 JSON outside /api when pages are not served', async () => {
    const response = await test.app.inject('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});

describe('x-request-id', () => {
  it('gives every answer a fresh request id', async () => {
    const first = await test.app.inject('/healthz');
    const second = await test.app.inject('/api/nothing-here');
    const firstId = String(first.headers['x-request-id']);
    const secondId = String(second.headers['x-request-id']);
    expect(firstId).toMatch(UUID);
    expect(secondId).toMatch(UUID);
    expect(firstId).not.toBe(secondId);
  });

  it('echoes a valid incoming request id, on success and on error', async () => {
    const ok = await test.app.inject({
      url: '/api/search',
      headers: { 'x-request-id': 'edge-7f3a.42_b' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-request-id']).toBe('edge-7f3a.42_b');
    const refused = await test.app.inject({
      url: '/api/get-property/not-an-id',
      headers: { 'x-request-id': 'trace-400' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-request-id']).toBe('trace-400');
  });

  it('replaces an incoming request id that is too long or holds odd characters', async () => {
    for (const incoming of ['x'.repeat(65), 'has spaces in it', 'new\\line', '<script>']) {
      const response = await test.app.inject({
        url: '/healthz',
        headers: { 'x-request-id': incoming },
      });
      expect(response.headers['x-request-id'], incoming).toMatch(UUID);
    }
  });
});

describe('route access', () => {
  it('declares every call of spec section 7, with the public ones public', async () => {
    const declared = new Map(
      test.app.declaredRoutes.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    for (const [path, method] of Object.entries(PUBLIC_PATHS)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      expect(declared.get(`${method.toUpperCase()} ${url}`), path).toBe('public');
    }
    expect(declared.get('GET /api/docs')).toBe('public');
    for (const route of test.app.declaredRoutes) {
      expect(route.url.startsWith('/api'), route.url).toBe(true);
    }
  });

  async function startWith(register: (api: FastifyInstance) => void) {
    const app = Fastify({ logger: false });
    const starting = (async () => {
      await app.register(accessPlugin, {
        accounts: test.app.services.accounts,
        ownerLookups: createOwnerLookups(test.app.services),
        publicUrl: undefined,
      });
      await app.register(async (api) => register(api), { prefix: '/api' });
      await app.ready();
    })();
    try {
      await starting;
    } finally {
      await app.close().catch(() => undefined);
    }
  }

  it('refuses to start when an /api route declares no access', async () => {
    await expect(
      startWith((api) => api.get('/forgotten', async () => ({ ok: true }))),
    ).rejects.toThrow('GET /api/forgotten declares no access');
  });

  it('refuses to start when an owner route has no :id to find the owner by', async () => {
    await expect(
      startWith((api) =>
        api.put('/mine', { config: { access: { owner: 'property' } } }, async () => ({})),
      ),
    ).rejects.toThrow('PUT /api/mine: owner routes need an :id parameter');
  });
});

describe('error answers', () => {
  function expectNoInternals(body: Record<string, unknown>, label: string) {
    expect(
      Object.keys(body).every((key) => key === 'message' || key === 'issues'),
      label,
    ).toBe(true);
    const text = JSON.stringify(body);
    expect(text, label).not.toMatch(/stack|\bat .+:\d+:\d+|node_modules|\.ts\b|Error:/);
  }

  it('carries only { message, issues? } for 400 and 404 answers', async () => {
    const cases = [
      { url: '/api/get-property/not-an-id' },
      { url: '/api/get-property/7b0e2a4e-6a35-4ad5-9bd1-4c8b3f0a9d11' },
      { url: '/api/property-asset/type/castle' },
      { url: `/api/search?q=${'q'.repeat(201)}` },
      { url: '/api/nowhere' },
      {
        method: 'POST' as const,
        url: '/api/subscribe',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      },
      { method: 'POST' as const, url: '/api/request-inform', payload: { name: 'x' } },
    ];
    for (const request of cases) {
      const response = await test.app.inject(request);
      expect(response.statusCode, request.url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, request.url).toBeLessThan(500);
      expectNoInternals(response.json(), request.url);
    }
  });

  it('answers a database failure with a 500 that carries no internals', async () => {
    const broken = await createTestApp();
    try {
      const db = broken.database.db;
      const owner = await createUser(db);
      const property = await createProperty(db, owner.id, { title: 'Soon unreachable' });
      await db.execute(sql`alter table properties rename to properties_moved`);

      for (const url of ['/api/search?q=soon', `/api/get-property/${property.id}`]) {
        const response = await broken.app.inject(url);
        expect(response.statusCode, url).toBe(500);
        expect(response.json(), url).toEqual({
          message: 'Something went wrong on our side. Please try again.',
        });
        expect(response.body, url).not.toMatch(/properties|relation|select|stack/i);
        expect(response.headers['x-request-id'], url).toMatch(UUID);
      }
    } finally {
      await broken.close();
    }
  });
});
