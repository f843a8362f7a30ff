/**
 * `npm run create-admin -- --email admin@example.rw --password '...'`: creates that admin account,
 * or promotes the existing account with that e-mail and sets its password. Like ADMIN_EMAIL and
 * ADMIN_PASSWORD at start, from the shell. With the embedded database, stop the server first
 * (it holds DATA_DIR). Errors propagate, so a failure exits non-zero.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '#config/env.ts';
import { openConfiguredDatabase } from '#db/open-configured.ts';
import { systemClock } from '#lib/clock.ts';
import { EmailSchema } from '#lib/form-fields.ts';
import { PASSWORD_MIN_LENGTH } from '#lib/limits.ts';
import { createAdminBootstrap } from './accounts.bootstrap.ts';

const ArgsSchema = z.object({
  email: EmailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`),
});

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' } },
  strict: true,
});
const parsed = ArgsSchema.safeParse(values);
if (!parsed.success) {
  const problems = parsed.error.issues.map(
    (issue) => `  --${issue.path.join('.')}: ${issue.message}`,
  );
  process.stderr.write(
    `Usage: npm run create-admin -- --email <email> --password <password>\n${problems.join('\n')}\n`,
  );
  process.exit(1);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const bootstrap = createAdminBootstrap({ db: database.db, clock: systemClock });
  const admin = await bootstrap.ensureAdmin(parsed.data);
  process.stdout.write(`Admin ready: ${admin.email} (${admin.name}). Sign in at /login.\n`);
} finally {
  await database.close();
}
