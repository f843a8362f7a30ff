/**
 * The first administrator, as an operator meets it: generated and printed once by the first
 * start, chosen with ADMIN_EMAIL and ADMIN_PASSWORD, or made by `npm run create-admin`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildChildEnv } from '#test/child-env.ts';
import {
  killServers,
  spawnServer,
  stopServer,
  waitUntilReady,
  type Started,
} from '#test/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-admin-'));

afterAll(() => {
  killServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function logIn(server: Started, email: string, password: string) {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { user?: { role: string } };
  return { status: response.status, role: body.user?.role };
}

/** The e-mail and password of the 'created the first admin' log line, if there is one. */
function generatedAdmin(output: string): { email: string; password: string } | undefined {
  const line = output.split('\n').find((entry) => entry.includes('created the first admin'));
  if (!line) return undefined;
  const { email, password } = JSON.parse(line) as { email: string; password: string };
  return { email, password };
}

function createAdmin(...args: string[]) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'modules/accounts/accounts.cli.ts', ...args],
    {
      env: buildChildEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      encoding: 'utf8',
    },
  );
}

// PGlite only: these start real server processes on a data directory.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the first administrator', () => {
  it('is generated on the first start, printed once, and can sign in', async () => {
    const first = await waitUntilReady(spawnServer(dataDir));
    const admin = generatedAdmin(first.output());
    expect(admin?.email).toBe('admin@inzu.rw');
    expect(admin?.password.length).toBeGreaterThanOrEqual(12);
    expect(await logIn(first, admin!.email, admin!.password)).toEqual({
      status: 200,
      role: 'admin',
    });
    expect(await stopServer(first)).toBe(0);

    const second = await waitUntilReady(spawnServer(dataDir));
    expect(generatedAdmin(second.output())).toBeUndefined();
    expect(await logIn(second, admin!.email, admin!.password)).toMatchObject({ status: 200 });
    expect(await stopServer(second)).toBe(0);
  }, 180_000);

  it('is created or promoted from ADMIN_EMAIL and ADMIN_PASSWORD at start', async () => {
    const server = await waitUntilReady(
      spawnServer(dataDir, { ADMIN_EMAIL: 'chosen@inzu.rw', ADMIN_PASSWORD: 'chosen-password' }),
    );
    expect(server.output()).toContain('admin account ready (ADMIN_EMAIL)');
    expect(server.output()).not.toContain('chosen-password');
    expect(await logIn(server, 'chosen@inzu.rw', 'chosen-password')).toEqual({
      status: 200,
      role: 'admin',
    });
    expect(await stopServer(server)).toBe(0);
  }, 180_000);

  it('is made from the shell with npm run create-admin', async () => {
    const refused = createAdmin('--email', 'not-an-email', '--password', 'short');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Usage: npm run create-admin');
    expect(refused.stderr).toContain('--email');
    expect(refused.stderr).toContain('--password');

    const made = createAdmin('--email', 'Shell@Inzu.rw', '--password', 'from-the-shell');
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('Admin ready: shell@inzu.rw');

    const server = await waitUntilReady(spawnServer(dataDir));
    expect(await logIn(server, 'shell@inzu.rw', 'from-the-shell')).toEqual({
      status: 200,
      role: 'admin',
    });
    expect(await stopServer(server)).toBe(0);
  }, 180_000);
});
