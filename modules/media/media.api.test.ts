import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { call, fields, photoPart } from '#test/form-requests.ts';
import { startS3Server, type TestS3Server } from '#test/s3-server.ts';
import { createS3PhotoStorage } from './media.storage-s3.ts';

const STAMP = fs.readFileSync(new URL('./fixtures/sample-stamp.jpg', import.meta.url));
const YEAR_CACHE = 'public, max-age=31536000, immutable';
const NOT_FOUND = { message: 'Not found' };
const PUBLIC_URL = 'https://cdn.example.rw/photos';

/** Supplies a house with the fixture photo through the API; answers its /media/ URL. */
async function uploadPhoto(test: TestApp): Promise<string> {
  const seller = await createSignedInUser(test.database, { role: 'seller' });
  const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
    form: [
      ...fields({ title: 'House', type: 'House', price: '450000', location: 'Kicukiro, Kigali' }),
      photoPart(STAMP, 'stamp.jpg', 'image/jpeg'),
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  const image = response.json<{ data: { image: string | null } }>().data.image;
  expect(image).toMatch(/^\/media\/[0-9a-f]+-640\.webp$/);
  return image ?? '';
}

/** The stamp is 320 pixels wide: stored at its own width under each larger name. */
async function expectWebpOfStamp(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  expect(metadata).toMatchObject({ format: 'webp', width: 320, height: 320 });
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function get(test: TestApp, url: string, headers: Record<string, string> = {}) {
  return test.app.inject({ method: 'GET', url, headers });
}

describe('/media on local disk', () => {
  let test: TestApp;
  let url: string;

  beforeAll(async () => {
    test = await createTestApp();
    url = await uploadPhoto(test);
  });

  afterAll(async () => {
    await test.close();
  });

  it('serves the stored file with a year of cache, its validators and ranges', async () => {
    const response = await get(test, url);

    expect(response.statusCode).toBe(200);
    const onDisk = fs.readFileSync(path.join(test.dataDir, 'uploads', url.slice('/media/'.length)));
    expect(response.rawPayload.equals(onDisk)).toBe(true);
    await expectWebpOfStamp(response.rawPayload);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(onDisk.length),
      'cache-control': YEAR_CACHE,
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^W\/"/),
      'last-modified': expect.stringMatching(/ GMT$/),
    });
  });

  it('answers 304 to a revalidation, HEAD without a body and a range with 206', async () => {
    const { headers } = await get(test, url);

    const revalidated = await get(test, url, { 'if-none-match': String(headers.etag) });
    const head = await test.app.inject({ method: 'HEAD', url });
    const range = await get(test, url, { range: 'bytes=0-3' });

    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(headers['content-length']);
    expect(head.body).toBe('');
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('RIFF');
  });

  it('answers the app’s 404 for a name it does not hold or that leaves the folder', async () => {
    for (const missing of ['/media/0000-640.webp', '/media/..%2f..%2fpackage.json', '/media/a/b']) {
      const response = await get(test, missing);
      expect(response.statusCode, missing).toBe(404);
      expect(response.json(), missing).toEqual(NOT_FOUND);
    }
  });
});

describe('/media from an S3 bucket', () => {
  let s3: TestS3Server;
  let test: TestApp;
  let url: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    test = await createTestApp({ env: s3.env });
    url = await uploadPhoto(test);
  });

  afterAll(async () => {
    await test?.close();
    await s3?.stop();
  });

  it('stores uploads in the bucket and streams them with the same headers as from disk', async () => {
    const name = url.slice('/media/'.length);
    const stored = await createS3PhotoStorage({ ...s3, publicUrl: undefined }).read(name);
    expect(stored).not.toBeNull();
    const inBucket = stored ? await bytesOf(stored.body) : Buffer.alloc(0);

    const response = await get(test, url);

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(inBucket)).toBe(true);
    await expectWebpOfStamp(response.rawPayload);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(inBucket.length),
      'cache-control': YEAR_CACHE,
      etag: stored?.etag,
      'last-modified': stored?.lastModified?.toUTCString(),
    });
    expect(fs.existsSync(path.join(test.dataDir, 'uploads'))).toBe(false);
  });

  it('answers 304 when the copy is current, else the file again', async () => {
    const { headers } = await get(test, url);
    const etag = String(headers.etag);

    const byTag = await get(test, url, { 'if-none-match': `"other", ${etag}` });
    const byWeakTag = await get(test, url, { 'if-none-match': `W/${etag}` });
    const byDate = await get(test, url, { 'if-modified-since': String(headers['last-modified']) });
    const changed = await get(test, url, { 'if-none-match': '"other"' });
    const older = await get(test, url, { 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' });

    for (const response of [byTag, byWeakTag, byDate]) {
      expect(response.statusCode).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers).toMatchObject({ etag, 'cache-control': YEAR_CACHE });
    }
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(Number(headers['content-length']));
    expect(older.statusCode).toBe(200);
  });

  it('answers HEAD with the size and type and no body', async () => {
    const { headers } = await get(test, url);

    const head = await test.app.inject({ method: 'HEAD', url });

    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': headers['content-length'],
      etag: headers.etag,
      'cache-control': YEAR_CACHE,
    });
  });

  it('answers the app’s 404 for a name the bucket does not hold or no storage accepts', async () => {
    for (const missing of ['/media/0000-640.webp', '/media/..%2fx.webp', '/media/a/b']) {
      const response = await get(test, missing);
      expect(response.statusCode, missing).toBe(404);
      expect(response.json(), missing).toEqual(NOT_FOUND);
    }
    const head = await test.app.inject({ method: 'HEAD', url: '/media/0000-640.webp' });
    expect(head.statusCode).toBe(404);
  });

  it('refuses to start on a bucket that does not exist, naming the variable', async () => {
    await expect(
      createTestApp({ env: { ...s3.env, S3_BUCKET: 'missing-bucket' } }),
    ).rejects.toThrow(/^S3_BUCKET: no bucket "missing-bucket"/);
  });
});

describe('/media with S3_PUBLIC_URL', () => {
  let s3: TestS3Server;
  let test: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    test = await createTestApp({ env: { ...s3.env, S3_PUBLIC_URL: `${PUBLIC_URL}/` } });
  });

  afterAll(async () => {
    await test?.close();
    await s3?.stop();
  });

  it('redirects to the public copy for a day, after storing the upload in the bucket', async () => {
    const url = await uploadPhoto(test);
    const name = url.slice('/media/'.length);

    const response = await get(test, url);
    const head = await test.app.inject({ method: 'HEAD', url });

    expect(await createS3PhotoStorage({ ...s3, publicUrl: undefined }).has(name)).toBe(true);
    for (const answer of [response, head]) {
      expect(answer.statusCode).toBe(302);
      expect(answer.headers).toMatchObject({
        location: `${PUBLIC_URL}/${name}`,
        'cache-control': 'public, max-age=86400',
      });
    }
  });

  it('redirects no name that could leave the bucket root', async () => {
    const response = await get(test, '/media/..%2fsecret');

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });
});
