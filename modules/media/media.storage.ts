import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where photo files live. The local disk now; an S3-compatible bucket implements the same three
 * calls when the app runs on several machines.
 */
export type PhotoStorage = {
  /**
   * Writes a file unless one of that name exists; answers whether this call created it. Names
   * are content hashes, so an existing file already holds the same picture and is left alone.
   */
  put(name: string, data: Buffer): Promise<boolean>;
  has(name: string): Promise<boolean>;
  remove(name: string): Promise<void>;
};

export type LocalPhotoStorage = PhotoStorage & { readonly dir: string };

const SAFE_NAME = /^[a-z0-9][a-z0-9.-]*$/;

function assertSafeName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`Unsafe storage name: ${name}`);
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/** Stores files in one folder; writes go through a temporary file so a reader never sees half. */
export function createLocalPhotoStorage(dir: string): LocalPhotoStorage {
  let isReady: Promise<unknown> | undefined;
  const ensureDir = () => (isReady ??= fs.mkdir(dir, { recursive: true }));
  return {
    dir,
    async put(name, data) {
      assertSafeName(name);
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
      assertSafeName(name);
      try {
        await fs.access(path.join(dir, name));
        return true;
      } catch {
        return false;
      }
    },
    async remove(name) {
      assertSafeName(name);
      await fs.rm(path.join(dir, name), { force: true });
    },
  };
}
