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
import { createAuditService } from '#modules/audit/audit.service.ts';
import { createMailService } from '#modules/mail/mail.service.ts';
import { PASSWORD_MIN_LENGTH } from './accounts.schema.ts';
import { createAccountsService } from './accounts.service.ts';

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
  const clock = systemClock;
  const logger = { info: () => undefined, error: () => undefined };
  const mail = createMailService({ db: database.db, clock, transport: undefined, logger });
  const audit = createAuditService({ db: database.db, clock });
  const accounts = createAccountsService({
    db: database.db,
    clock,
    mail,
    audit,
    attemptsPerWindow: 1,
  });
  const admin = await accounts.ensureAdmin(parsed.data);
  process.stdout.write(`Admin ready: ${admin.email} (${admin.name}). Sign in at /login.\n`);
} finally {
  await database.close();
}
