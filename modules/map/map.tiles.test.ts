import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_PMTILES_URL } from '#lib/map.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { byteRangeOf, isTagMatched } from './map.tiles.ts';

describe('byteRangeOf', () => {
  it.each([
    ['bytes=0-499', { start: 0, end: 499 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['Bytes = 10 - 19', { start: 10, end: 19 }],
  ])('reads %s of a 1000-byte file', (header, range) => {
    expect(byteRangeOf(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=2000-2100', 'bytes=-0'])(
    'finds %s unsatisfiable in a 1000-byte file',
    (header) => {
      expect(byteRangeOf(header, 1000)).toBe('unsatisfiable');
    },
  );

  it.each([undefined, '', 'bytes=', 'bytes=-', 'items=0-1', 'bytes=5-1', 'bytes=0-1,5-6'])(
    'answers the whole file for %j',
    (header) => {
      expect(byteRangeOf(header, 1000)).toBeUndefined();
    },
  );
});

describe('isTagMatched', () => {
  it('compares tags weakly, any of a list, and * matches all', () => {
    expect(isTagMatched('"a-1"', '"a-1"')).toBe(true);
    expect(isTagMatched('W/"a-1"', '"a-1"')).toBe(true);
    expect(isTagMatched('"b-2", "a-1"', '"a-1"')).toBe(true);
    expect(isTagMatched('*', '"a-1"')).toBe(true);
    expect(isTagMatched('"b-2"', '"a-1"')).toBe(false);
    expect(isTagMatched(undefined, '"a-1"')).toBe(false);
  });
});

describe(`GET ${MAP_PMTILES_URL} with MAP_PMTILES_PATH`, () => {
  let test: TestApp;
  let folder: string;
  /** 64 KiB of known bytes: byte i is i mod 251 (a prime, so no range repeats the start). */
  const archive = Buffer.from(Array.from({ length: 65_536 }, (_, index) => index % 251));

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'map-tiles-'));
    const file = path.join(folder, 'kigali.pmtiles');
    fs.writeFileSync(file, archive);
    test = await createTestApp({ env: { MAP_PMTILES_PATH: file } });
  });

  afterAll(async () => {
    await test.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    test.app.inject({ method, url: MAP_PMTILES_URL, headers });

  it('answers a range with 206, its bytes, Content-Range and Content-Length', async () => {
    const response = await get({ range: 'bytes=16384-16483', 'accept-encoding': 'gzip, br' });

    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 16384-16483/${archive.length}`);
    expect(response.headers['content-length']).toBe('100');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['etag']).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    // Never compressed: a range counts the file's own bytes.
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(archive.subarray(16384, 16484))).toBe(true);
  });

  it('answers the whole file without a range, and its size to HEAD', async () => {
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(archive.length));
    expect(whole.rawPayload.equals(archive)).toBe(true);

    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(archive.length));
    expect(head.rawPayload).toHaveLength(0);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const response = await get({ range: `bytes=${archive.length}-` });

    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${archive.length}`);
  });

  it('answers 304 to its own ETag, and the whole file to If-Range with another', async () => {
    const { etag } = (await get({ range: 'bytes=0-9' })).headers;

    expect((await get({ 'if-none-match': String(etag) })).statusCode).toBe(304);
    const changed = await get({ range: 'bytes=0-9', 'if-range': '"another-file"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['content-length']).toBe(String(archive.length));
    const same = await get({ range: 'bytes=0-9', 'if-range': String(etag) });
    expect(same.statusCode).toBe(206);
  });
});

describe('MAP_PMTILES_PATH naming no file', () => {
  it('stops the start, naming the variable', async () => {
    await expect(
      createTestApp({ env: { MAP_PMTILES_PATH: '/nonexistent/kigali.pmtiles' } }),
    ).rejects.toThrow(/MAP_PMTILES_PATH: no file at \/nonexistent\/kigali\.pmtiles/);
  });
});

describe(`${MAP_PMTILES_URL} without MAP_PMTILES_PATH`, () => {
  it('is not served', async () => {
    const test = await createTestApp();
    try {
      expect(test.app.hasRoute({ method: 'GET', url: MAP_PMTILES_URL })).toBe(false);
    } finally {
      await test.close();
    }
  });
});
