import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Config } from '#config/env.ts';
import type { S3PhotoStorage } from './media.storage-s3.ts';
import {
  assertSafeStorageName,
  isSafeStorageName,
  type PhotoStorage,
} from './media.storage-contract.ts';

export type LocalPhotoStorage = PhotoStorage & { readonly kind: 'local'; readonly dir: string };

/** The storage the configuration asks for. */
export type ConfiguredPhotoStorage = LocalPhotoStorage | S3PhotoStorage;

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/** Stores files in one folder; writes go through a temporary file so a reader never sees half. */
export function createLocalPhotoStorage(dir: string): LocalPhotoStorage {
  let isReady: Promise<unknown> | undefined;
  const ensureDir = () => (isReady ??= fs.mkdir(dir, { recursive: true }));
  return {
    kind: 'local',
    dir,
    async put(name, data) {
      assertSafeStorageName(name);
      await ensureDir();
      const temporary = path.join(dir, `.${randomUUID()}.tmp`);
      await fs.writeFile(temporary, data);
      try {
        // A hard link, unlike rename, fails when the name is taken: two uploads of one picture
        // cannot both believe they created (and may later remove) the shared file.
        await fs.link(temporary, path.join(dir, name));
        return true;
      } catch (error) {
        if (isErrorCode(error, 'EEXIST')) return false;
        throw error;
      } finally {
        await fs.rm(temporary, { force: true });
      }
    },
    async has(name) {
      assertSafeStorageName(name);
      try {
        await fs.access(path.join(dir, name));
        return true;
      } catch {
        return false;
      }
    },
    async remove(name) {
      assertSafeStorageName(name);
      await fs.rm(path.join(dir, name), { force: true });
    },
    async stat(name) {
      assertSafeStorageName(name);
      try {
        const info = await fs.stat(path.join(dir, name));
        return { size: info.size, lastModified: info.mtime };
      } catch (error) {
        if (isErrorCode(error, 'ENOENT')) return null;
        throw error;
      }
    },
    async read(name) {
      assertSafeStorageName(name);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(path.join(dir, name));
      } catch (error) {
        if (isErrorCode(error, 'ENOENT')) return null;
        throw error;
      }
      try {
        // Size and bytes from one open file: a concurrent remove cannot split them.
        const info = await handle.stat();
        return { size: info.size, lastModified: info.mtime, body: handle.createReadStream() };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async *list() {
      let entries: AsyncIterable<{ name: string; isFile(): boolean }>;
      try {
        entries = await fs.opendir(dir);
      } catch (error) {
        if (isErrorCode(error, 'ENOENT')) return;
        throw error;
      }
      // Temporary files start with a dot, so the safe-name rule leaves them out.
      for await (const entry of entries) {
        if (entry.isFile() && isSafeStorageName(entry.name)) yield entry.name;
      }
    },
  };
}

/**
 * The bucket when S3_* is configured, else DATA_DIR/uploads. The S3 client is loaded only for a
 * bucket: it takes a quarter of a second to load, which every start would otherwise pay.
 */
export async function createPhotoStorage(config: {
  dataDir: string;
  s3: S3Config | undefined;
}): Promise<ConfiguredPhotoStorage> {
  if (!config.s3) return createLocalPhotoStorage(path.join(config.dataDir, 'uploads'));
  const { createS3PhotoStorage } = await import('./media.storage-s3.ts');
  return createS3PhotoStorage(config.s3);
}
