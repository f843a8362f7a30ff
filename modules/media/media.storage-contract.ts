/**
 * What every photo storage offers (the disk's in media.storage.ts, a bucket's in
 * media.storage-s3.ts): its calls, the names it accepts, and what a name tells an HTTP client
 * about the file (its type; that it never changes).
 */
import type { Readable } from 'node:stream';

/** What a storage knows of a stored file without reading it. */
export type StoredFileInfo = {
  size: number;
  /** A quoted entity tag, when the storage keeps one (an S3 bucket does; the disk does not). */
  etag?: string;
  lastModified?: Date;
};

/** A stored file opened for reading: its bytes arrive as a stream, never whole in memory. */
type StoredFile = StoredFileInfo & { body: Readable };

/**
 * Where photo files live: this machine's disk (DATA_DIR/uploads), or an S3-compatible bucket
 * when the app runs on several machines. Names are content hashes (`<hash>-<width>.webp`);
 * a name no storage accepts (a slash, a leading dot) throws.
 */
export type PhotoStorage = {
  /**
   * Writes a file unless one of that name exists; answers whether this call created it. Names
   * are content hashes, so an existing file already holds the same picture and is left alone.
   */
  put(name: string, data: Buffer): Promise<boolean>;
  has(name: string): Promise<boolean>;
  remove(name: string): Promise<void>;
  /** The file's size and validators, or null when there is no such file. */
  stat(name: string): Promise<StoredFileInfo | null>;
  /** The file opened for reading, or null when there is no such file. */
  read(name: string): Promise<StoredFile | null>;
  /** Every stored name, in no particular order (backups walk it with read and put). */
  list(): AsyncIterable<string>;
};

// No slash, no leading dot: a name can never leave the folder or bucket root, nor hit a
// temporary file.
const SAFE_NAME = /^[a-z0-9][a-z0-9.-]*$/;

/** Names are content hashes, so a file under a name never changes: caches may keep it a year. */
export const STORED_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** Whether a storage accepts this name. */
export function isSafeStorageName(name: string): boolean {
  return SAFE_NAME.test(name);
}

/** Throws on a name no storage accepts. */
export function assertSafeStorageName(name: string): void {
  if (!isSafeStorageName(name)) throw new Error(`Unsafe storage name: ${name}`);
}

/** The content type a stored file is served with, from its extension. */
export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 && CONTENT_TYPES[name.slice(dot + 1)]) || 'application/octet-stream';
}
