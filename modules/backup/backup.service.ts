/**
 * Backups of the whole site, and their restore: the database (PostgreSQL through pg_dump and
 * pg_restore, or a copy of the embedded PGlite's data directory) and every photo, with a
 * manifest of what was saved (row counts per table, photo names) that a restore checks against.
 *
 * A backup folder holds `manifest.json` (written last: a folder without one is incomplete),
 * `database.dump` (pg_dump's custom format) or `database.tar.gz` (PGlite), and `photos/`.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gunzip, gzip as gzipCallback } from 'node:zlib';
import pg from 'pg';
import { openDatabase, type SqlRunner } from '#db/client.ts';
import { lockDataDir } from '#db/data-dir-lock.ts';
import type { PhotoStorage } from '#modules/media/media.storage-contract.ts';
import { createLocalPhotoStorage } from '#modules/media/media.storage.ts';

const run = promisify(execFile);
const gzip = promisify(gzipCallback);
const gunzipAsync = promisify(gunzip);

/** The database to back up or restore: the configured one. */
export type BackupSource =
  { engine: 'postgres'; url: string } | { engine: 'pglite'; dataDir: string };

export type Manifest = {
  format: 1;
  createdAt: string;
  engine: BackupSource['engine'];
  /** `select version()` of the database that was saved. */
  databaseVersion: string;
  database: { file: string; sha256: string };
  /** Rows per table (`schema.table`), every schema but the system's. */
  tables: Record<string, number>;
  photos: { count: number; names: string[] };
};

const MANIFEST = 'manifest.json';
const PHOTOS = 'photos';
/** Where db/client.ts keeps PGlite's files inside DATA_DIR. */
const PGLITE_FOLDER = 'db';
/** A photo's bytes; a name listed a moment ago that is gone now is an error. */
async function readPhoto(storage: PhotoStorage, name: string): Promise<Buffer> {
  const file = await storage.read(name);
  if (!file) throw new Error(`Photo ${name} disappeared while it was being copied`);
  return Buffer.concat(await file.body.toArray());
}

async function listNames(store: PhotoStorage): Promise<string[]> {
  const names: string[] = [];
  for await (const name of store.list()) names.push(name);
  return names.sort();
}

/** Photos copied at once: enough to hide a bucket's latency, few enough to hold in memory. */
const COPY_CONCURRENCY = 8;

/** Copies the named photos from one storage to another, a few at a time. */
async function copyPhotos(from: PhotoStorage, to: PhotoStorage, names: string[]): Promise<void> {
  for (let start = 0; start < names.length; start += COPY_CONCURRENCY) {
    await Promise.all(
      names
        .slice(start, start + COPY_CONCURRENCY)
        .map(async (name) => to.put(name, await readPhoto(from, name))),
    );
  }
}

/** Every table of every schema but the system's; a partitioned table counts as one. */
async function countRows(sql: SqlRunner): Promise<Record<string, number>> {
  const { rows: tables } = await sql.executeSql(
    `select n.nspname as schema, c.relname as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
     order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const name = `${String(table.schema)}.${String(table.name)}`;
    const quoted = `"${String(table.schema).replaceAll('"', '""')}"."${String(table.name).replaceAll('"', '""')}"`;
    const { rows } = await sql.executeSql(`select count(*)::int as count from ${quoted}`);
    counts[name] = Number(rows[0]?.count);
  }
  return counts;
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

function runnerOf(client: pg.Client): SqlRunner {
  return { executeSql: (text, values) => client.query(text, values) };
}

/** The URL without its password, which goes to the child through PGPASSWORD (not `ps`). */
function clientArguments(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** pg_dump refuses a server of a newer major version than its own: say so plainly first. */
async function assertPgDumpCanRead(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ num: string }>(
    "select current_setting('server_version_num') as num",
  );
  const serverMajor = Math.floor(Number(rows[0]?.num) / 10_000);
  const { stdout } = await run('pg_dump', ['--version']);
  const clientMajor = Number(/\s(\d+)[.\d]*/.exec(stdout)?.[1]);
  if (!(clientMajor >= serverMajor)) {
    throw new Error(
      `pg_dump ${clientMajor} cannot back up PostgreSQL ${serverMajor}: install the client tools of version ${serverMajor} or later.`,
    );
  }
}

async function backUpPostgres(url: string, dir: string) {
  const file = 'database.dump';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await assertPgDumpCanRead(client);
    // The counts and pg_dump read one snapshot, so the manifest describes exactly the dump
    // even while the site keeps writing.
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const tables = await countRows(runnerOf(client));
    const { dbname, env } = clientArguments(url);
    await run(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${rows[0]?.snapshot}`,
        `--file=${path.join(dir, file)}`,
        `--dbname=${dbname}`,
      ],
      { env },
    );
    const version = await client.query<{ version: string }>('select version()');
    await client.query('commit');
    return { file, tables, databaseVersion: version.rows[0]?.version ?? '' };
  } finally {
    await client.end();
  }
}

async function backUpPglite(dataDir: string, dir: string) {
  const file = 'database.tar.gz';
  if (!fs.existsSync(path.join(dataDir, PGLITE_FOLDER))) {
    throw new Error(`No database in ${path.join(dataDir, PGLITE_FOLDER)}`);
  }
  const database = await openDatabase({ engine: 'pglite', dataDir });
  try {
    const tables = await countRows(database.sql);
    const { rows } = await database.sql.executeSql('select version() as version');
    if (!database.dumpDataDir) throw new Error('This PGlite cannot copy its data directory');
    const tarball = await database.dumpDataDir();
    await fsp.writeFile(path.join(dir, file), await gzip(Buffer.from(await tarball.arrayBuffer())));
    return { file, tables, databaseVersion: String(rows[0]?.version) };
  } finally {
    await database.close();
  }
}

/**
 * The embedded database is copied only while no server holds it: PGlite is one process's
 * database, with no second connection that could read a consistent copy beside the server.
 * The data directory stays claimed (the server cannot start) until the photos are copied too.
 */
async function whileDataDirIsFree<T>(source: BackupSource, work: () => Promise<T>): Promise<T> {
  if (source.engine === 'postgres') return work();
  const release = lockDataDir(source.dataDir);
  try {
    return await work();
  } finally {
    release();
  }
}

/** Backs the database and the photos up into `dir`, which must be new or empty. */
export async function createBackup({
  source,
  photos,
  dir,
  now = new Date(),
}: {
  source: BackupSource;
  photos: PhotoStorage;
  dir: string;
  now?: Date;
}): Promise<Manifest> {
  await fsp.mkdir(dir, { recursive: true });
  if ((await fsp.readdir(dir)).length > 0) {
    throw new Error(`${dir} is not empty: back up into a new folder, never over an older backup`);
  }
  return whileDataDirIsFree(source, async () => {
    const saved =
      source.engine === 'postgres'
        ? await backUpPostgres(source.url, dir)
        : await backUpPglite(source.dataDir, dir);
    const names = await listNames(photos);
    await copyPhotos(photos, createLocalPhotoStorage(path.join(dir, PHOTOS)), names);
    const manifest: Manifest = {
      format: 1,
      createdAt: now.toISOString(),
      engine: source.engine,
      databaseVersion: saved.databaseVersion,
      database: { file: saved.file, sha256: await sha256File(path.join(dir, saved.file)) },
      tables: saved.tables,
      photos: { count: names.length, names },
    };
    await fsp.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  });
}

/** The manifest of a complete backup whose database file is intact; throws otherwise. */
async function readBackup(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: not a complete backup`);
  const manifest = JSON.parse(await fsp.readFile(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}`);
  const hash = await sha256File(path.join(dir, manifest.database.file));
  if (hash !== manifest.database.sha256) {
    throw new Error(`${manifest.database.file} does not match the manifest: the backup is damaged`);
  }
  const photoNames = await listNames(createLocalPhotoStorage(path.join(dir, PHOTOS)));
  if (photoNames.join() !== manifest.photos.names.join()) {
    throw new Error('The photos in the backup do not match the manifest: the backup is damaged');
  }
  return manifest;
}

/** Differences between what a manifest recorded and what the database holds now. */
function compareCounts(expected: Record<string, number>, actual: Record<string, number>) {
  return Object.entries(expected)
    .filter(([table, count]) => actual[table] !== count)
    .map(
      ([table, count]) => `${table}: ${String(actual[table] ?? 'missing')} rows, expected ${count}`,
    );
}

async function restorePostgres(url: string, dir: string, manifest: Manifest) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if ((rows[0]?.count ?? 0) > 0) {
      throw new Error(
        `${rows[0]?.count} other connections use this database: stop the server (and anything else connected) before restoring`,
      );
    }
    const { dbname, env } = clientArguments(url);
    // One transaction: a restore that fails part way leaves the database as it was.
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        `--dbname=${dbname}`,
        path.join(dir, manifest.database.file),
      ],
      { env },
    );
    return compareCounts(manifest.tables, await countRows(runnerOf(client)));
  } finally {
    await client.end();
  }
}

/**
 * Replaces DATA_DIR/db with the backup's copy. The current files are kept aside until the
 * restored database opened and its counts matched, and put back if anything failed.
 */
async function restorePglite(dataDir: string, dir: string, manifest: Manifest) {
  const target = path.join(dataDir, PGLITE_FOLDER);
  const aside = `${target}.before-restore-${Date.now()}`;
  const hadDatabase = fs.existsSync(target);
  if (hadDatabase) await fsp.rename(target, aside);
  else await fsp.mkdir(dataDir, { recursive: true });
  try {
    const tarball = await gunzipAsync(await fsp.readFile(path.join(dir, manifest.database.file)));
    const database = await openDatabase({
      engine: 'pglite',
      dataDir,
      loadDataDir: new Blob([tarball]),
    });
    let mismatches: string[];
    try {
      mismatches = compareCounts(manifest.tables, await countRows(database.sql));
    } finally {
      await database.close();
    }
    if (mismatches.length > 0) throw new Error(`Restored counts differ:\n${mismatches.join('\n')}`);
  } catch (error) {
    await fsp.rm(target, { recursive: true, force: true });
    if (hadDatabase) await fsp.rename(aside, target);
    throw error;
  }
  if (hadDatabase) await fsp.rm(aside, { recursive: true, force: true });
  return [];
}

/**
 * Restores a backup made by `createBackup`: the database as it was, and exactly the backed-up
 * photos (photos added since are removed: nothing in the restored database names them). Checks
 * the backup first and the restored row counts and photo names after; throws on any difference.
 */
export async function restoreBackup({
  source,
  photos,
  dir,
}: {
  source: BackupSource;
  photos: PhotoStorage;
  dir: string;
}): Promise<Manifest> {
  const manifest = await readBackup(dir);
  if (manifest.engine !== source.engine) {
    throw new Error(
      `This backup is of a ${manifest.engine} database; the configured one is ${source.engine}`,
    );
  }
  return whileDataDirIsFree(source, async () => {
    const mismatches =
      source.engine === 'postgres'
        ? await restorePostgres(source.url, dir, manifest)
        : await restorePglite(source.dataDir, dir, manifest);
    if (mismatches.length > 0) throw new Error(`Restored counts differ:\n${mismatches.join('\n')}`);

    const wanted = new Set(manifest.photos.names);
    const present = new Set(await listNames(photos));
    const missing = manifest.photos.names.filter((name) => !present.has(name));
    await copyPhotos(createLocalPhotoStorage(path.join(dir, PHOTOS)), photos, missing);
    for (const name of present) if (!wanted.has(name)) await photos.remove(name);
    const restored = await listNames(photos);
    if (restored.join() !== manifest.photos.names.join()) {
      throw new Error('The photos after the restore do not match the backup');
    }
    return manifest;
  });
}
