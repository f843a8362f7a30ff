import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where photo files live. The local disk now; an S3-compatible bucket implements the same three
 * calls when the app runs on several machines.
 */
export type PhotoStorage = {
  put(name: string, data: Buffer): Promise<void>;
  has(name: string): Promise<boolean>;
  remove(name: string): Promise<void>;
};

export type LocalPhotoStorage = PhotoStorage & { readonly dir: string };

const SAFE_NAME = /^[a-z0-9][a-z0-9.-]*$/;

function assertSafeName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`Unsafe storage name: ${name}`);
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
      await fs.rename(temporary, path.join(dir, name));
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
