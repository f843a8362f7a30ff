/**
 * Two product processes on two ports, sharing one PostgreSQL database, one Redis and one S3
 * server, behave as one site: what the reference deployment (docs/deployment.md) promises.
 * Runs in the PostgreSQL pass, with Redis (TEST_DATABASE_URL and TEST_REDIS_URL set).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedPostgresDatabase } from '#db/testing.ts';
import { startS3Server, type TestS3Server } from '#test/s3-server.ts';
import {
  killServers,
  spawnServer,
  stopServer,
  waitUntilReady,
  type Started,
} from '#test/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '#test/smtp-server.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const ADMIN = { email: 'cluster-admin@example.rw', password: 'cluster-admin-password' };
const PASSWORD = 'a-good-long-password';
const photo = fs.readFileSync(
  path.join(import.meta.dirname, '../modules/media/fixtures/sample-stamp.jpg'),
);

type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

describe.skipIf(!serverUrl || !redisUrl)('two processes sharing PostgreSQL, Redis and S3', () => {
  const dataDirs: string[] = [];
  // One prefix for both processes (they are one site), apart from every other run's keys.
  const redisPrefix = `cluster-test-${randomUUID()}:`;
  let database: { url: string; drop(): Promise<void> };
  let s3: TestS3Server;
  let smtp: TestSmtpServer;
  let a: Started;
  let b: Started;
  let adminToken: string;

  async function call(
    server: Started,
    method: string,
    url: string,
    options: { token?: string; json?: object; form?: FormData } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.json) headers['content-type'] = 'application/json';
    const response = await fetch(`http://127.0.0.1:${server.port}${url}`, {
      method,
      headers,
      body: options.json ? JSON.stringify(options.json) : options.form,
      redirect: 'manual',
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return {
      status: response.status,
      headers: response.headers,
      body: isJson && text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  }

  async function signUp(server: Started, email: string): Promise<{ token: string; id: string }> {
    const signup = await call(server, 'POST', '/api/signup', {
      json: {
        username: 'Cluster Seller',
        email,
        role: 'seller',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    return logIn(server, email, PASSWORD);
  }

  async function logIn(server: Started, email: string, password: string) {
    const login = await call(server, 'POST', '/api/login', { json: { email, password } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const user = login.body.user as { _id: string };
    return { token: login.body.token as string, id: user._id };
  }

  function start(): Promise<Started> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-cluster-'));
    dataDirs.push(dataDir);
    return waitUntilReady(
      spawnServer(dataDir, {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: redisPrefix,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        SMTP_URL: smtp.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // The ready line that waitUntilReady looks for is an info line.
        LOG_LEVEL: 'info',
      }),
    );
  }

  beforeAll(async () => {
    database = await createMigratedPostgresDatabase(serverUrl!);
    s3 = await startS3Server();
    smtp = await startSmtpServer();
    // One after the other, as a rolling start does: the first applies pending migrations.
    a = await start();
    b = await start();
    adminToken = (await logIn(a, ADMIN.email, ADMIN.password)).token;
  }, 180_000);

  afterAll(async () => {
    for (const server of [a, b]) if (server) await stopServer(server);
    killServers();
    await s3?.stop();
    await smtp?.close();
    await database?.drop();
    const redis = new Redis(redisUrl!);
    try {
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000);

  it('keeps a session signed in on A working on B', async () => {
    const seller = await signUp(a, `session-${randomUUID()}@example.rw`);
    const me = await call(b, 'GET', '/api/me', { token: seller.token });
    expect(me.status).toBe(200);
    expect((me.body.user as { _id: string })._id).toBe(seller.id);
  });

  it('refuses on B, at once, a user blocked through A', async () => {
    const email = `blocked-${randomUUID()}@example.rw`;
    const seller = await signUp(b, email);
    expect((await call(b, 'GET', '/api/me', { token: seller.token })).status).toBe(200);
    const block = await call(a, 'PUT', `/api/user/${seller.id}/status`, { token: adminToken });
    expect(block.status, JSON.stringify(block.body)).toBe(200);
    expect((await call(b, 'GET', '/api/me', { token: seller.token })).status).toBe(401);
    const again = await call(b, 'POST', '/api/login', {
      json: { email, password: PASSWORD },
    });
    expect(again.status).toBe(403);
  });

  it('counts failed sign-ins split across A and B as one process would', async () => {
    /** How many wrong passwords in a row are answered before the first 429. */
    async function failuresBeforeWait(servers: Started[], email: string): Promise<number> {
      for (let attempt = 0; attempt < 30; attempt++) {
        const server = servers[attempt % servers.length]!;
        const answer = await call(server, 'POST', '/api/login', {
          json: { email, password: 'not-the-password' },
        });
        if (answer.status === 429) {
          expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
          return attempt;
        }
        expect(answer.status).toBe(401);
      }
      throw new Error('no 429 after 30 wrong passwords');
    }
    const alone = `alone-${randomUUID()}@example.rw`;
    const split = `split-${randomUUID()}@example.rw`;
    await signUp(a, alone);
    await signUp(a, split);
    const onOne = await failuresBeforeWait([a], alone);
    const onTwo = await failuresBeforeWait([a, b], split);
    expect(onOne).toBeGreaterThan(0);
    expect(onTwo).toBe(onOne);
  });

  it('serves from B a photo uploaded through A', async () => {
    const seller = await signUp(a, `photo-${randomUUID()}@example.rw`);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Three-bedroom house in Kimironko',
      type: 'House',
      price: '350000',
      status: 'rent',
      location: 'Kimironko, Gasabo',
    })) {
      form.append(name, value);
    }
    form.append('photos', new Blob([photo], { type: 'image/jpeg' }), 'front.jpg');
    const supplied = await call(a, 'POST', '/api/supply-property', {
      token: seller.token,
      form,
    });
    expect(supplied.status, JSON.stringify(supplied.body)).toBe(201);
    const src = (supplied.body.data as { image: string }).image;
    expect(src).toMatch(/^\/media\//);
    const [fromA, fromB] = await Promise.all(
      [a, b].map((server) => fetch(`http://127.0.0.1:${server.port}${src}`)),
    );
    expect(fromB!.status).toBe(200);
    expect(fromB!.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB!.arrayBuffer())).toEqual(
      Buffer.from(await fromA!.arrayBuffer()),
    );
    // Neither process keeps photos on its own disk.
    for (const dir of dataDirs) {
      const uploads = path.join(dir, 'uploads');
      expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual([]);
    }
  });

  it('shows a settings change made on A on B within a second', async () => {
    // B reads the settings once, so that it holds a copy it would otherwise keep for 5 s.
    const before = await call(b, 'GET', '/api/settings', { token: adminToken });
    expect(before.status).toBe(200);
    const footerText = `Murakaza neza ${randomUUID()}`;
    const saved = await call(a, 'PUT', '/api/settings', {
      token: adminToken,
      json: { ...before.body, footerText },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const savedAt = Date.now();
    let seenAfterMs: number | undefined;
    while (Date.now() - savedAt < 1000) {
      const now = await call(b, 'GET', '/api/settings', { token: adminToken });
      if (now.body.footerText === footerText) {
        seenAfterMs = Date.now() - savedAt;
        break;
      }
      await sleep(50);
    }
    expect(seenAfterMs, 'B still showed the old settings after 1 s').toBeDefined();
  });

  it('runs a job queued on A exactly once, though both processes work jobs', async () => {
    const email = `reset-${randomUUID()}@example.rw`;
    await signUp(b, email);
    const asked = await call(a, 'POST', '/api/forgot-password', { json: { email } });
    expect(asked.status).toBe(200);
    // The reset link alone: signing up also sends a link that proves the address.
    const delivered = () =>
      smtp.received.filter(
        (mail) => mail.to.includes(email) && /^Subject: Reset your .* password/m.test(mail.raw),
      );
    const askedAt = Date.now();
    while (delivered().length === 0 && Date.now() - askedAt < 30_000) await sleep(100);
    expect(delivered()).toHaveLength(1);
    // Long enough for the other process to have polled the queue several times.
    await sleep(3000);
    expect(delivered()).toHaveLength(1);
  }, 180_000);
});
