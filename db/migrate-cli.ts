/** `npm run db:migrate`: applies pending migrations to the configured database. */
import { loadConfig } from '#config/env.ts';
import { openConfiguredDatabase } from './open-configured.ts';

const database = await openConfiguredDatabase(loadConfig());
try {
  await database.migrate();
  process.stdout.write(`Migrations applied (${database.engine}).\n`);
} finally {
  await database.close();
}
