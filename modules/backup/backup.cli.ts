/**
 * `npm run backup -- <dir>` backs the configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR) and every photo (the S3 bucket when S3_* is set, else DATA_DIR/uploads) up into a new
 * folder, with a manifest. `npm run restore -- <dir>` puts such a folder back and checks every
 * table's row count and the photo names against the manifest. With the embedded database, stop
 * the server first (it holds DATA_DIR); PostgreSQL is backed up while the site runs, and restored
 * with the site stopped. Errors propagate, so a failure exits non-zero.
 */
import path from 'node:path';
import { loadConfig } from '#config/env.ts';
import { createPhotoStorage } from '#modules/media/media.storage.ts';
import { createBackup, restoreBackup, type BackupSource } from './backup.service.ts';

const [command, dir, ...rest] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !dir || rest.length > 0) {
  process.stderr.write('Usage: npm run backup -- <folder>, or npm run restore -- <folder>\n');
  process.exit(2);
}

const config = loadConfig();
const source: BackupSource = config.databaseUrl
  ? { engine: 'postgres', url: config.databaseUrl }
  : { engine: 'pglite', dataDir: config.dataDir };
const photos = await createPhotoStorage(config);
const folder = path.resolve(dir);

if (command === 'backup') {
  const manifest = await createBackup({ source, photos, dir: folder });
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  process.stdout.write(
    `Backed up ${manifest.engine}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ` +
      `${manifest.photos.count} photos into ${folder}\n`,
  );
} else {
  const manifest = await restoreBackup({ source, photos, dir: folder });
  process.stdout.write(
    `Restored the ${manifest.engine} backup of ${manifest.createdAt}: ` +
      `${Object.keys(manifest.tables).length} tables and ${manifest.photos.count} photos, counts checked\n`,
  );
}
