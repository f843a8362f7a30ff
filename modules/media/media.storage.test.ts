import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '#test/s3-server.ts';
import type { PhotoStorage } from './media.storage-contract.ts';
import { createLocalPhotoStorage, createPhotoStorage } from './media.storage.ts';
import { createS3PhotoStorage } from './media.storage-s3.ts';

const UNSAFE_NAMES = ['../escape.webp', '.hidden.webp', 'a/b.webp', '', 'Upper.webp', '-dash.webp'];

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function readBack(storage: PhotoStorage, name: string): Promise<Buffer> {
  const file = await storage.read(name);
  if (!file) throw new Error(`${name} is missing`);
  return bytesOf(file.body);
}

async function namesOf(storage: PhotoStorage): Promise<string[]> {
  const names: string[] = [];
  for await (const name of storage.list()) names.push(name);
  return names.sort();
}

/** A name no other test of the file uses, in the shape the media service writes. */
const uniqueName = (width = 320) => `${randomUUID().replaceAll('-', '')}-${width}.webp`;

let s3: TestS3Server;
let localDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  localDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
});

afterAll(async () => {
  await s3?.stop();
  if (localDir) await fs.rm(localDir, { recursive: true, force: true });
});

const s3Config = () => ({ ...s3, publicUrl: undefined });

describe.each([
  { kind: 'local disk', create: () => createLocalPhotoStorage(path.join(localDir, randomUUID())) },
  {
    kind: 's3rver',
    create: () => createS3PhotoStorage(s3Config()),
  },
])('PhotoStorage contract on $kind', ({ create }) => {
  it('put answers true for the write that created the file, then false', async () => {
    const storage = create();
    const name = uniqueName();

    expect(await storage.has(name)).toBe(false);
    expect(await storage.put(name, Buffer.from('first'))).toBe(true);
    expect(await storage.put(name, Buffer.from('second'))).toBe(false);
    expect(await storage.has(name)).toBe(true);

    expect(await storage.stat(name)).toMatchObject({ size: 5, lastModified: expect.any(Date) });
    expect((await readBack(storage, name)).toString()).toBe('first');
  });

  it('reads back the exact bytes of a large file, and its size without reading it', async () => {
    const storage = create();
    const name = uniqueName(1280);
    const data = Buffer.alloc(3 * 1024 * 1024 + 7);
    for (let index = 0; index < data.length; index += 1) data[index] = (index * 31) % 251;

    await storage.put(name, data);

    expect(await storage.stat(name)).toMatchObject({ size: data.length });
    expect((await readBack(storage, name)).equals(data)).toBe(true);
  });

  it('answers null for a name it does not hold', async () => {
    const storage = create();
    const name = uniqueName();

    expect(await storage.stat(name)).toBeNull();
    expect(await storage.read(name)).toBeNull();
  });

  it('lists every stored name, and no longer a removed one', async () => {
    const storage = create();
    const [kept, removed, other] = [uniqueName(320), uniqueName(640), uniqueName(1280)];
    for (const name of [kept, removed, other]) await storage.put(name, Buffer.from(name));
    const before = await namesOf(storage);

    expect(before).toEqual(expect.arrayContaining([kept, removed, other]));

    await storage.remove(removed);
    // Removing twice is no error, as when two failed uploads clean up the same file.
    await storage.remove(removed);

    expect(await storage.has(removed)).toBe(false);
    expect(await storage.read(removed)).toBeNull();
    expect(await namesOf(storage)).toEqual(before.filter((name) => name !== removed));
  });

  it('refuses unsafe names in every call', async () => {
    const storage = create();
    for (const name of UNSAFE_NAMES) {
      await expect(storage.put(name, Buffer.from('x')), name).rejects.toThrow(/Unsafe/);
      await expect(storage.has(name), name).rejects.toThrow(/Unsafe/);
      await expect(storage.stat(name), name).rejects.toThrow(/Unsafe/);
      await expect(storage.read(name), name).rejects.toThrow(/Unsafe/);
      await expect(storage.remove(name), name).rejects.toThrow(/Unsafe/);
    }
  });
});

describe('local disk storage', () => {
  it('lists nothing before the first write, and never a half-written temporary file', async () => {
    const dir = path.join(localDir, randomUUID());
    const storage = createLocalPhotoStorage(dir);

    expect(await namesOf(storage)).toEqual([]);

    await storage.put('a-320.webp', Buffer.from('a'));
    await fs.writeFile(path.join(dir, `.${randomUUID()}.tmp`), 'half');

    expect(await namesOf(storage)).toEqual(['a-320.webp']);
  });

  it('is what the configuration gives without S3_*', async () => {
    const storage = await createPhotoStorage({ dataDir: localDir, s3: undefined });

    expect(storage.kind).toBe('local');
    expect(storage.kind === 'local' && storage.dir).toBe(path.join(localDir, 'uploads'));
  });
});

describe('S3 storage', () => {
  const rawClient = () =>
    new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });

  it('is what the configuration gives with S3_*', async () => {
    const storage = await createPhotoStorage({ dataDir: localDir, s3: s3Config() });

    expect(storage.kind).toBe('s3');
  });

  it('stores the content type and the one-year cache a CDN in front of the bucket serves', async () => {
    const storage = createS3PhotoStorage(s3Config());
    const name = uniqueName();
    await storage.put(name, Buffer.from('webp'));
    const client = rawClient();

    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: name }));

    client.destroy();
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('lists page after page, leaving out objects whose names it would not write', async () => {
    const bucket = await startS3Server({ bucket: 'paged' });
    try {
      const storage = createS3PhotoStorage(
        { ...bucket, publicUrl: undefined },
        { listPageSize: 2 },
      );
      const names = ['a-320.webp', 'b-320.webp', 'c-320.webp', 'd-320.webp', 'e-320.webp'];
      for (const name of names) await storage.put(name, Buffer.from(name));
      const client = new S3Client({
        endpoint: bucket.endpoint,
        region: bucket.region,
        forcePathStyle: true,
        credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
      });
      await client.send(
        new PutObjectCommand({ Bucket: bucket.bucket, Key: 'backups/x.tar', Body: 'x' }),
      );
      client.destroy();

      expect(await namesOf(storage)).toEqual(names);
    } finally {
      await bucket.stop();
    }
  });

  it('checks the bucket: a missing one is named, the configured one passes', async () => {
    await expect(createS3PhotoStorage(s3Config()).checkBucket()).resolves.toBeUndefined();
    await expect(
      createS3PhotoStorage({ ...s3Config(), bucket: 'no-such-bucket' }).checkBucket(),
    ).rejects.toThrow(`S3_BUCKET: no bucket "no-such-bucket" at ${s3.endpoint}`);
  });

  describe('when two machines store the same name at once', () => {
    /**
     * s3rver ignores If-None-Match, so these put the answer of a server that honours it (or
     * refuses it) between the storage and s3rver: a real HTTP exchange, S3's XML error bodies.
     */
    async function startProxy(answerConditionalPut: (name: string) => Promise<number | null>) {
      const conditionalPuts: string[] = [];
      const server = http.createServer((request, response) => {
        const name = decodeURIComponent(request.url?.split('?')[0]?.split('/')[2] ?? '');
        const isConditionalPut = request.method === 'PUT' && request.headers['if-none-match'];
        const answer = isConditionalPut
          ? (conditionalPuts.push(name), answerConditionalPut(name))
          : Promise.resolve(null);
        void answer.then((status) => {
          if (status) {
            request.resume();
            const code = status === 412 ? 'PreconditionFailed' : 'NotImplemented';
            response.writeHead(status, { 'content-type': 'application/xml' });
            response.end(
              `<?xml version="1.0"?><Error><Code>${code}</Code><Message>x</Message></Error>`,
            );
            return;
          }
          const upstream = http.request(
            `${s3.endpoint}${request.url}`,
            { method: request.method, headers: request.headers },
            (reply) => {
              response.writeHead(reply.statusCode ?? 502, reply.headers);
              reply.pipe(response);
            },
          );
          request.pipe(upstream);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        conditionalPuts,
        storage: createS3PhotoStorage({ ...s3Config(), endpoint: `http://127.0.0.1:${port}` }),
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    }

    it('answers false when the other write lands between the HEAD and the PUT (412)', async () => {
      const winner = createS3PhotoStorage(s3Config());
      const proxy = await startProxy(async (name) => {
        await winner.put(name, Buffer.from('same picture'));
        return 412;
      });
      const name = uniqueName();
      try {
        expect(await proxy.storage.put(name, Buffer.from('same picture'))).toBe(false);
        expect(proxy.conditionalPuts).toEqual([name]);
        expect(await winner.has(name)).toBe(true);
      } finally {
        await proxy.close();
      }
    });

    it('stops asking for a conditional write once the server refuses it (501)', async () => {
      const proxy = await startProxy(async () => 501);
      const [first, second] = [uniqueName(), uniqueName()];
      try {
        expect(await proxy.storage.put(first, Buffer.from('one'))).toBe(true);
        expect(await proxy.storage.put(second, Buffer.from('two'))).toBe(true);
        expect(await proxy.storage.put(second, Buffer.from('two'))).toBe(false);
        expect(proxy.conditionalPuts).toEqual([first]);
        expect(await proxy.storage.has(first)).toBe(true);
      } finally {
        await proxy.close();
      }
    });
  });
});
