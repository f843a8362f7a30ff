/**
 * A detail page's link preview (og:url, og:image) is built on the origin its loader answers:
 * PUBLIC_URL's when set, whatever Host the request claims.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage } from '#test/page-requests.ts';

const FORGED_ORIGIN = 'http://evil.example';
const PUBLIC_ORIGIN = 'https://market.example.rw';

let test: TestApp;
let detailPaths: { path: string; routeId: string }[];

beforeAll(async () => {
  test = await createTestApp();
  const owner = await createUser(test.database.db);
  const property = await createProperty(test.database.db, owner.id);
  const asset = await createAsset(test.database.db, owner.id);
  detailPaths = [
    { path: `/property/${property.id}`, routeId: 'routes/catalogue/property-detail' },
    { path: `/asset/${asset.id}`, routeId: 'routes/catalogue/asset-detail' },
  ];
});

afterAll(async () => {
  await test.close();
});

function originOfAnswer(loaderData: Record<string, unknown>, routeId: string): unknown {
  const data = loaderData[routeId];
  return data && typeof data === 'object' && 'origin' in data ? data.origin : undefined;
}

describe('detail pages', () => {
  it('give PUBLIC_URL for link previews, whatever Host says', async () => {
    for (const { path, routeId } of detailPaths) {
      const answer = await requestPage(test, path, {
        origin: FORGED_ORIGIN,
        context: { publicOrigin: PUBLIC_ORIGIN },
      });
      expect(answer.status, path).toBe(200);
      expect(originOfAnswer(answer.loaderData, routeId), path).toBe(PUBLIC_ORIGIN);
    }
  });

  it('give the origin asked for without PUBLIC_URL', async () => {
    for (const { path, routeId } of detailPaths) {
      const answer = await requestPage(test, path, { origin: 'http://localhost:3000' });
      expect(originOfAnswer(answer.loaderData, routeId), path).toBe('http://localhost:3000');
    }
  });
});
