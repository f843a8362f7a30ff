import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ConfiguredPhotoStorage } from './media.storage.ts';
import type { S3PhotoStorage } from './media.storage-s3.ts';
import {
  contentTypeOf,
  isSafeStorageName,
  STORED_FILE_CACHE_CONTROL,
  type StoredFileInfo,
} from './media.storage-contract.ts';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * How long a browser or CDN may reuse a redirect to S3_PUBLIC_URL: long enough that repeat views
 * skip this server, short enough that moving to another CDN address takes effect within a day.
 */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/** RFC 9110 13.1.2 (weak comparison) and 13.1.3: If-None-Match wins over If-Modified-Since. */
function isNotModified(headers: IncomingHttpHeaders, info: StoredFileInfo): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (!info.etag) return false;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    const tags = ifNoneMatch.split(',').map(opaque);
    return tags.includes('*') || tags.includes(opaque(info.etag));
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  if (Number.isNaN(since) || !info.lastModified) return false;
  // HTTP dates have whole seconds.
  return Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
}

function setValidators(reply: FastifyReply, info: StoredFileInfo): void {
  reply.header('cache-control', STORED_FILE_CACHE_CONTROL);
  if (info.etag) reply.header('etag', info.etag);
  if (info.lastModified) reply.header('last-modified', info.lastModified.toUTCString());
}

/** /media/<name> from a bucket: a redirect to S3_PUBLIC_URL, else the file streamed through. */
async function bucketMedia(app: FastifyInstance, storage: S3PhotoStorage) {
  await storage.checkBucket();
  const { publicUrl } = storage;
  app.route<{ Params: { '*': string } }>({
    // HEAD declared here, not derived from GET, so that it asks the bucket for the size alone.
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    async handler(request, reply) {
      const name = request.params['*'];
      // The same answer as a missing file on disk (the app's 404).
      if (!isSafeStorageName(name)) return reply.callNotFound();
      if (publicUrl) {
        // 302, not 301: browsers keep a 301 for good, so a later change of S3_PUBLIC_URL could
        // never reach them; a 302 is kept only as long as its Cache-Control says. (307 would
        // change nothing for GET and HEAD.)
        return reply
          .header('cache-control', REDIRECT_CACHE_CONTROL)
          .redirect(`${publicUrl}/${name}`, 302);
      }

      const isConditional =
        request.headers['if-none-match'] !== undefined ||
        request.headers['if-modified-since'] !== undefined;
      if (request.method === 'HEAD' || isConditional) {
        // Validators first: a 304 or a HEAD transfers no bytes from the bucket.
        const info = await storage.stat(name);
        if (!info) return reply.callNotFound();
        setValidators(reply, info);
        if (isNotModified(request.headers, info)) return reply.code(304).send();
        if (request.method === 'HEAD') {
          return reply
            .header('content-type', contentTypeOf(name))
            .header('content-length', info.size)
            .send();
        }
      }
      const file = await storage.read(name);
      if (!file) return reply.callNotFound();
      setValidators(reply, file);
      return reply
        .header('content-type', contentTypeOf(name))
        .header('content-length', file.size)
        .send(file.body);
    },
  });
}

/**
 * Serves stored photos at /media/<name>, immutable for a year (names are content hashes). On
 * disk through @fastify/static (ranges, 304s, HEAD); from a bucket, see bucketMedia. A bucket
 * that is missing or refuses the credentials stops the start-up.
 */
export async function mediaApi(app: FastifyInstance, options: { storage: ConfiguredPhotoStorage }) {
  const { storage } = options;
  if (storage.kind === 's3') {
    await bucketMedia(app, storage);
    return;
  }
  // @fastify/static needs its folder to exist when it starts.
  fs.mkdirSync(storage.dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.dir,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: ONE_YEAR_MS,
    index: false,
  });
}
