import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { browserHeaders, createSignedInUser, createTestApp, type TestApp } from '../testing.ts';

const METRICS_TOKEN = 'scraper-token-0123456789abcdef';

let test: TestApp;
let app: FastifyInstance;
let database: DatabaseHandle;
const scraper = { authorization: `Bearer ${METRICS_TOKEN}` };

beforeAll(async () => {
  test = await createTestApp({ env: { METRICS_TOKEN } });
  ({ app, database } = test);
});

afterAll(async () => {
  await test.close();
});

async function scrape(): Promise<string> {
  const response = await app.inject({ url: '/metrics', headers: scraper });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one sample: `name{labels} value`, labels as Prometheus writes them. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('GET /metrics', () => {
  it('counts requests by route pattern, never by raw URL', async () => {
    const owner = await createUser(database.db);
    const property = await createProperty(database.db, owner.id);
    const requestsOf = (text: string) =>
      sample(
        text,
        'marketplace_http_requests_total',
        'method="GET",route="/api/get-property/:id",status="200"',
      );
    const before = requestsOf(await scrape());

    for (let index = 0; index < 3; index += 1) {
      const response = await app.inject(`/api/get-property/${property.id}`);
      expect(response.statusCode).toBe(200);
    }
    await app.inject('/no-such-page/with-a-unique-path-1234');

    const text = await scrape();
    expect(requestsOf(text)).toBe(before + 3);
    expect(text).not.toContain(property.id);
    expect(text).not.toContain('with-a-unique-path-1234');
    expect(
      sample(
        text,
        'marketplace_http_requests_total',
        'method="GET",route="unmatched",status="404"',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'marketplace_http_request_duration_seconds_count',
        'method="GET",route="/api/get-property/:id"',
      ),
    ).toBe(before + 3);
  });

  it('shows the database, the event loop, memory and every job queue', async () => {
    const response = await app.inject({ url: '/metrics', headers: scraper });
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(sample(text, 'marketplace_database_info', `engine="${database.engine}"`)).toBe(1);
    if (database.engine === 'postgres') {
      expect(text).toMatch(/^marketplace_database_pool_connections \d+$/m);
      expect(text).toMatch(/^marketplace_database_pool_idle_connections \d+$/m);
      expect(text).toMatch(/^marketplace_database_pool_waiting_clients \d+$/m);
    } else {
      // One embedded connection: no pool to describe.
      expect(text).not.toContain('marketplace_database_pool');
    }
    expect(text).toMatch(/^marketplace_event_loop_delay_seconds\{stat="p99"\} [\d.e-]+$/m);
    expect(sample(text, 'marketplace_process_memory_bytes', 'kind="rss"')).toBeGreaterThan(0);
    expect(text).toMatch(/^marketplace_jobs_stats_up 1$/m);
    expect(text).toMatch(/^marketplace_jobs_waiting\{queue="mail-delivery"\} \d+$/m);
    expect(text).toMatch(/^marketplace_jobs_failed\{queue="mail-delivery"\} \d+$/m);
  });

  it('is open to the metrics token and to a signed-in admin, by cookie or bearer', async () => {
    const admin = await createSignedInUser(database, { role: 'admin' });
    for (const headers of [scraper, admin.bearer, browserHeaders(admin.token)]) {
      const response = await app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('marketplace_http_requests_total');
    }
  });

  it('refuses anyone else: 401 without credentials or with a wrong token, 403 for non-admins', async () => {
    const buyer = await createSignedInUser(database, { role: 'buyer' });
    const seller = await createSignedInUser(database, { role: 'seller' });
    const cases = [
      [{}, 401, 'Please log in to continue.'],
      [{ authorization: `Bearer ${METRICS_TOKEN}x` }, 401, 'Please log in to continue.'],
      [
        { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` },
        401,
        'Please log in to continue.',
      ],
      [buyer.bearer, 403, undefined],
      [browserHeaders(seller.token), 403, undefined],
    ] as const;
    for (const [headers, status, message] of cases) {
      const response = await app.inject({ url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(status);
      expect(response.body).not.toContain('marketplace_');
      const body = response.json();
      expect(body.message).toEqual(message ?? expect.any(String));
    }
  });
});
