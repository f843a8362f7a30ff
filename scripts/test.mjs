// `npm test`: every test on PGlite; then, when TEST_DATABASE_URL names a PostgreSQL server,
// the database-backed tests again on it. Extra arguments go to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const serverUrl = process.env.TEST_DATABASE_URL;

function vitest(label, args, env) {
  console.log(`\n--- ${label} ---`);
  const result = spawnSync('npx', ['vitest', 'run', ...args, ...extra], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

vitest('all tests on PGlite', [], { TEST_DATABASE_URL: '' });
if (serverUrl) {
  vitest('database tests on PostgreSQL', ['app', 'modules', 'server', 'db', 'seed'], {
    TEST_DATABASE_URL: serverUrl,
  });
}
