import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { prepareTestDatabases } from '#db/testing.ts';

/** Migrates once per run; every test file then clones the result (see createTestDatabase). */
export default async function setup() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-tests-'));
  const snapshot = path.join(dir, 'migrated.tar');
  await prepareTestDatabases(snapshot);
  process.env.TEST_PGLITE_SNAPSHOT = snapshot;
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
