/**
 * Process-level guarantees of the embedded database: one process per data directory, no lost
 * acknowledged write when the process is killed, and a clean shutdown on SIGTERM.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  killServers,
  spawnServer as spawnOn,
  waitForExit,
  waitUntilReady,
  type Started,
} from '#test/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-durability-'));
function subscribe(port: number, email: string): Promise<number> {
  return fetch(`http://127.0.0.1:${port}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  }).then((response) => response.status);
}

const spawnServer = () => spawnOn(dataDir);

afterAll(() => {
  killServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// PGlite only: the PostgreSQL pass of the suite has nothing to add here.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the embedded database in a real server process',
  () => {
    const acknowledged: string[] = [];
    let first: Started;

    it('refuses a second process on the same data directory at once, with a clear message', async () => {
      first = await waitUntilReady(spawnServer());
      // At once: a second process that waited for the data directory would not exit while the
      // first runs. The lock is claimed before the database opens (db/open-configured.ts).
      const second = await waitForExit(spawnServer());
      expect(second.code).toBe(1);
      expect(second.output).toContain(`The data directory ${dataDir} is in use by another process`);
      expect(await subscribe(first.port, `still-up-${randomUUID()}@example.rw`)).toBe(201);
    }, 180_000);

    it('keeps every acknowledged write when killed with SIGKILL during a burst of writes', async () => {
      let isKilled = false;
      const writer = async (worker: number) => {
        for (let index = 0; !isKilled && index < 400; index++) {
          const email = `burst-${worker}-${index}-${randomUUID()}@example.rw`;
          const status = await subscribe(first.port, email).catch(() => 0);
          if (status === 201) acknowledged.push(email);
        }
      };
      const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
      while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 10));
      const exited = waitForExit(first.child);
      first.child.kill('SIGKILL');
      isKilled = true;
      await exited;
      await Promise.all(writers);
      expect(acknowledged.length).toBeGreaterThanOrEqual(150);

      const restarted = await waitUntilReady(spawnServer());
      const again = await Promise.all(
        acknowledged.map((email) => subscribe(restarted.port, email)),
      );
      // 200 means "already subscribed": the row written before the kill is there.
      expect(again.filter((status) => status !== 200)).toEqual([]);

      const stopped = waitForExit(restarted.child);
      restarted.child.kill('SIGTERM');
      const { code, output } = await stopped;
      expect(code).toBe(0);
      expect(output).toContain('stopped');
      expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    }, 180_000);
  },
);
