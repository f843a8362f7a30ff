import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

const mapOf = (query: string, headers: Record<string, string> = {}) =>
  test.app.inject({ url: `/api/places/static-map.svg?${query}`, headers });

describe('GET /api/places/static-map.svg', () => {
  it('answers an SVG picture anyone may keep, with the pin of an exact point', async () => {
    const response = await mapOf('lat=-1.9528&lng=30.0926&precision=exact&lang=en');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d{6,}/);
    expect(response.body).toMatch(/^<svg /);
    expect(response.body).toContain('<title id="static-map-title">Map with a pin on the place');
    expect(response.body).toContain('data-mark="pin"');
    expect(response.body).toContain('data-district="Gasabo"');
  });

  it('draws a circle for an approximate point, with its texts in the language asked', async () => {
    const response = await mapOf('lat=-1.9441&lng=30.0619&precision=approximate&lang=fr');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('<circle data-mark="circle"');
    expect(response.body).not.toContain('data-mark="pin"');
    expect(response.body).toContain('Carte avec un cercle d’environ 300\u00a0m autour du lieu');
  });

  it("draws a dashed area around a sector's centre, in the browser's language without lang", async () => {
    const response = await mapOf('lat=-1.9706&lng=30.1044&precision=sector', {
      'accept-language': 'rw',
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('data-mark="area"');
    expect(response.body).toContain('agace kagereranyijwe');
    expect(response.headers.vary).toMatch(/accept-language/i);
  });

  it.each([
    ['lat=9.5&lng=30.0926&precision=exact', 'lat', 'The place must be in Rwanda'],
    ['lat=-1.9528&lng=12&precision=exact', 'lng', 'The place must be in Rwanda'],
    ['lat=north&lng=30.0926&precision=exact', 'lat', undefined],
    ['lng=30.0926&precision=exact', 'lat', undefined],
    ['lat=-1.9528&lng=30.0926&precision=street', 'precision', undefined],
    ['lat=-1.9528&lng=30.0926&precision=exact&lang=de', 'lang', undefined],
  ])('refuses %s with a 400 naming %s', async (query, field, message) => {
    const response = await mapOf(query);

    expect(response.statusCode).toBe(400);
    const answer = response.json<{
      message: string;
      issues: { field: string; message: string }[];
    }>();
    expect(answer.issues.map((issue) => issue.field)).toContain(field);
    if (message) expect(answer.message).toBe(`${field}: ${message}`);
  });
});
