/**
 * A backup and its restore, round trip, on the engine under test: the embedded database with
 * photos on disk, or (TEST_DATABASE_URL) PostgreSQL through pg_dump and pg_restore with photos in
 * a real S3 server. After changes made since the backup, a restore brings back every row of every
 * table and exactly the photos that were backed up.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type SqlRunner } from '#db/client.ts';
import { properties } from '#db/schema.ts';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { createMigratedPostgresDatabase } from '#db/testing.ts';
import { startS3Server, type TestS3Server } from '#test/s3-server.ts';
import type { PhotoStorage } from '#modules/media/media.storage-contract.ts';
import { createLocalPhotoStorage } from '#modules/media/media.storage.ts';
import { createS3PhotoStorage } from '#modules/media/media.storage-s3.ts';
import { createBackup, restoreBackup, type BackupSource } from './backup.service.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const photo = await fs.readFile(
  path.join(import.meta.dirname, '../media/fixtures/sample-stamp.jpg'),
);

/** Every row of every table but the system's, each table's rows in one order, as text. */
async function readEveryRow(sql: SqlRunner): Promise<Record<string, string>> {
  const { rows: tables } = await sql.executeSql(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const contents: Record<string, string> = {};
  for (const { schema, name } of tables) {
    const quoted = `"${String(schema)}"."${String(name)}"`;
    const { rows } = await sql.executeSql(
      `select coalesce(json_agg(t order by t::text), '[]')::text as rows from ${quoted} t`,
    );
    contents[`${String(schema)}.${String(name)}`] = String(rows[0]?.rows);
  }
  return contents;
}

async function readPhotos(storage: PhotoStorage): Promise<Record<string, Buffer>> {
  const photos: Record<string, Buffer> = {};
  for await (const name of storage.list()) {
    const file = await storage.read(name);
    photos[name] = Buffer.concat(await file!.body.toArray());
  }
  return photos;
}

/** The engine under test: how to open its database, and where its photos are. */
type Site = {
  source: BackupSource;
  photos: PhotoStorage;
  open(): Promise<DatabaseHandle>;
  cleanUp(): Promise<void>;
};

async function createSite(root: string): Promise<Site> {
  if (serverUrl) {
    const database = await createMigratedPostgresDatabase(serverUrl);
    const s3: TestS3Server = await startS3Server();
    return {
      source: { engine: 'postgres', url: database.url },
      photos: createS3PhotoStorage({ ...s3, publicUrl: undefined }),
      open: () => openDatabase({ engine: 'postgres', url: database.url }),
      async cleanUp() {
        await s3.stop();
        await database.drop();
      },
    };
  }
  const dataDir = path.join(root, 'data');
  await fs.mkdir(dataDir);
  const snapshot = await fs.readFile(process.env.TEST_PGLITE_SNAPSHOT!);
  // The migrated snapshot, written into DATA_DIR/db as a server would have left it.
  const seeded = await openDatabase({
    engine: 'pglite',
    dataDir,
    loadDataDir: new Blob([snapshot]),
  });
  await seeded.close();
  return {
    source: { engine: 'pglite', dataDir },
    photos: createLocalPhotoStorage(path.join(dataDir, 'uploads')),
    open: () => openDatabase({ engine: 'pglite', dataDir }),
    cleanUp: async () => undefined,
  };
}

describe(`backup and restore (${serverUrl ? 'PostgreSQL and S3' : 'embedded database and disk'})`, () => {
  let root: string;
  let site: Site;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-backup-'));
    site = await createSite(root);
  });

  afterAll(async () => {
    await site?.cleanUp();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('brings back every row and exactly the backed-up photos after later changes', async () => {
    const database = await site.open();
    let before: Record<string, string>;
    let keptId: string;
    try {
      const owner = await createUser(database.db, { name: 'Backed Up Seller' });
      keptId = (await createProperty(database.db, owner.id, { title: 'Kept house' })).id;
      await createAsset(database.db, owner.id);
      before = await readEveryRow(database.sql);
    } finally {
      await database.close();
    }
    await site.photos.put('aaaa-320.webp', photo);
    await site.photos.put('bbbb-640.webp', photo.subarray(0, 2000));
    const photosBefore = await readPhotos(site.photos);

    const dir = path.join(root, 'backup');
    const manifest = await createBackup({ source: site.source, photos: site.photos, dir });
    expect(manifest.engine).toBe(site.source.engine);
    expect(manifest.photos.names).toEqual(['aaaa-320.webp', 'bbbb-640.webp']);
    expect(manifest.tables['public.properties']).toBe(1);
    await expect(createBackup({ source: site.source, photos: site.photos, dir })).rejects.toThrow(
      /not empty/,
    );

    // What happens after the backup: a new account, a deleted listing, photos added and lost.
    const later = await site.open();
    try {
      await createUser(later.db, { name: 'After The Backup' });
      await later.db.delete(properties).where(eq(properties.id, keptId));
    } finally {
      await later.close();
    }
    await site.photos.put('cccc-1280.webp', photo);
    await site.photos.remove('aaaa-320.webp');

    await restoreBackup({ source: site.source, photos: site.photos, dir });

    const restored = await site.open();
    try {
      expect(await readEveryRow(restored.sql)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(await readPhotos(site.photos)).toEqual(photosBefore);
  });

  it('refuses a damaged backup and leaves the database as it was', async () => {
    const dir = path.join(root, 'damaged');
    const manifest = await createBackup({ source: site.source, photos: site.photos, dir });
    await fs.appendFile(path.join(dir, manifest.database.file), 'tampered');
    const database = await site.open();
    const owner = await createUser(database.db, { name: 'Still Here' });
    await database.close();

    await expect(restoreBackup({ source: site.source, photos: site.photos, dir })).rejects.toThrow(
      /damaged/,
    );
    const after = await site.open();
    try {
      const { rows } = await after.sql.executeSql('select name from users where id = $1', [
        owner.id,
      ]);
      expect(rows).toEqual([{ name: 'Still Here' }]);
    } finally {
      await after.close();
    }
  });
});
