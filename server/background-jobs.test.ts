/**
 * Background work in real server processes: a job added just before the process is killed is
 * done after a restart, exactly once (a reset e-mail; a buyer's match after an approval), and a
 * process with BACKGROUND_JOBS=off only adds jobs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  killServers,
  spawnServer,
  stopServer,
  waitForExit,
  waitUntilReady,
} from '#test/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '#test/smtp-server.ts';

const ADMIN_EMAIL = 'jobs-admin@example.rw';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-jobs-'));
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  killServers();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(backgroundJobs: 'on' | 'off') {
  return waitUntilReady(
    spawnServer(dataDir, {
      BACKGROUND_JOBS: backgroundJobs,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD: ADMIN_PASSWORD,
      MATCH_DIGEST_SECONDS: '0',
    }),
  );
}

const ADMIN_PASSWORD = 'a-long-admin-password';

/** Calls the JSON API of a started server; answers the status and the parsed body. */
async function callApi(
  port: number,
  method: string,
  path: string,
  body?: object,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function signUp(port: number, email: string, role: 'buyer' | 'seller'): Promise<string> {
  const password = 'a-long-enough-password';
  const answer = await callApi(port, 'POST', '/api/signup', {
    username: `Test ${role}`,
    email,
    role,
    password,
    confirmPassword: password,
  });
  expect(answer.status).toBe(201);
  return answer.json.token as string;
}

const mailsToAdmin = () => smtp.received.filter((mail) => mail.to.includes(ADMIN_EMAIL));

/** Waits until `condition` holds: on a busy machine that takes longer; the test's timeout ends it. */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}

// PGlite only: one process owns the data directory, which is what a restart exercises.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('background jobs across a crash', () => {
  it('sends the e-mail of a request answered just before a SIGKILL once, after the restart', async () => {
    const webOnly = await start('off');
    const answer = await fetch(`http://127.0.0.1:${webOnly.port}/api/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL }),
    });
    expect(answer.status).toBe(200);
    const killed = waitForExit(webOnly.child);
    webOnly.child.kill('SIGKILL');
    await killed;
    expect(mailsToAdmin()).toEqual([]);

    const worker = await start('on');
    await waitFor(() => mailsToAdmin().length > 0);
    expect(mailsToAdmin()).toHaveLength(1);
    expect(mailsToAdmin()[0]!.raw).toContain('/reset-password?token=');
    expect(await stopServer(worker)).toBe(0);

    // Another restart finds nothing left to send.
    const again = await start('on');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(mailsToAdmin()).toHaveLength(1);
    expect(await stopServer(again)).toBe(0);
  }, 180_000);

  it('tells a buyer of a match once when the process dies right after the approval', async () => {
    const buyerEmail = 'kill-test-buyer@example.rw';
    const webOnly = await start('off');
    const { port } = webOnly;
    const buyer = await signUp(port, buyerEmail, 'buyer');
    const seller = await signUp(port, 'kill-test-seller@example.rw', 'seller');
    const admin = await callApi(port, 'POST', '/api/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    const wanted = { location: 'Gikondo, Kicukiro', type: 'House' };
    const request = await callApi(
      port,
      'POST',
      '/api/request-property',
      { ...wanted, title: 'House in Gikondo', price: '500000' },
      buyer,
    );
    expect(request.status).toBe(201);
    const supply = await callApi(
      port,
      'POST',
      '/api/supply-property',
      { ...wanted, title: 'Gikondo house', status: 'Rent', price: '480000', contact: '0788123456' },
      seller,
    );
    expect(supply.status).toBe(201);
    const supplyId = (supply.json.data as { _id: string })._id;
    const approved = await callApi(
      port,
      'PUT',
      `/api/supply-property/${supplyId}/approve`,
      undefined,
      admin.json.token as string,
    );
    expect(approved.status).toBe(200);
    const killed = waitForExit(webOnly.child);
    webOnly.child.kill('SIGKILL');
    await killed;

    const mailsToBuyer = () =>
      smtp.received.filter(
        (mail) => mail.to.includes(buyerEmail) && mail.raw.includes('Gikondo house'),
      );
    expect(mailsToBuyer()).toEqual([]);
    const worker = await start('on');
    await waitFor(() => mailsToBuyer().length > 0);
    // A moment more: a second e-mail, if the work were done twice, would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mailsToBuyer()).toHaveLength(1);
    expect(await stopServer(worker)).toBe(0);

    const again = await start('on');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(mailsToBuyer()).toHaveLength(1);
    expect(await stopServer(again)).toBe(0);
  }, 180_000);
});
