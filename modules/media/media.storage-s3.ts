import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '#config/env.ts';
import {
  type PhotoStorage,
  assertSafeStorageName,
  contentTypeOf,
  isSafeStorageName,
  STORED_FILE_CACHE_CONTROL,
} from './media.storage-contract.ts';

export type S3PhotoStorage = PhotoStorage & {
  readonly kind: 's3';
  /** S3_PUBLIC_URL without its trailing slash: /media redirects there instead of streaming. */
  readonly publicUrl: string | undefined;
  /** Throws a message naming the variable to fix when the bucket is missing or refused. */
  checkBucket(): Promise<void>;
};

/** S3's own limit on one ListObjectsV2 page. */
const LIST_PAGE_SIZE = 1000;
/** A conflicting conditional write in flight answers 409 ConditionalRequestConflict: retry. */
const PUT_ATTEMPTS = 3;

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/**
 * Stores photos in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 ...). Path-style addresses
 * (`endpoint/bucket/name`), which every such server answers; virtual-host style needs DNS per
 * bucket. The bucket is never created here: see checkBucket.
 */
export function createS3PhotoStorage(
  config: S3Config,
  options: { listPageSize?: number } = {},
): S3PhotoStorage {
  const { bucket } = config;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default CRC32 checksums on every request and response are refused or ignored
    // by several S3-compatible servers; S3 requires none for these calls.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // Some servers refuse an If-None-Match write with 501 Not Implemented; once seen, writes
  // rely on the HEAD before them alone.
  let isConditionalWriteRefused = false;

  async function stat(name: string) {
    assertSafeStorageName(name);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: name }));
      return { size: head.ContentLength ?? 0, etag: head.ETag, lastModified: head.LastModified };
    } catch (error) {
      // AWS answers 403 rather than 404 for a missing name when the credentials may not list
      // the bucket (s3:ListBucket); docs/deployment.md asks for that permission.
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    publicUrl: config.publicUrl,
    /**
     * HEAD first, so bytes the bucket already holds are not sent again. Between that HEAD and
     * the PUT another machine may store the same name: the PUT carries `If-None-Match: *`, so a
     * server that honours it (AWS S3 since 2024, MinIO, recent Ceph, R2) lets exactly one
     * writer create the object and answers the other 412, and only one caller believes it
     * created (and may later remove) the shared file. A server that ignores the header (older
     * Ceph, s3rver) or refuses it (501) leaves that window open: both writers store the same
     * bytes, since names are content hashes, and both answer true, so if one of the two
     * uploads then fails and removes what it "created", the other's listing loses that photo.
     */
    async put(name, data) {
      assertSafeStorageName(name);
      if (await stat(name)) return false;
      for (let attempt = 1; ; attempt += 1) {
        try {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: name,
              Body: data,
              ContentType: contentTypeOf(name),
              // A CDN or browser reading the bucket directly (S3_PUBLIC_URL) caches it as /media does.
              CacheControl: STORED_FILE_CACHE_CONTROL,
              IfNoneMatch: isConditionalWriteRefused ? undefined : '*',
            }),
          );
          return true;
        } catch (error) {
          const status = statusOf(error);
          if (status === 412) return false;
          if (status === 501 && !isConditionalWriteRefused) {
            isConditionalWriteRefused = true;
          } else if (status !== 409 || attempt >= PUT_ATTEMPTS) {
            throw error;
          }
        }
      }
    },
    async has(name) {
      return (await stat(name)) !== null;
    },
    async remove(name) {
      assertSafeStorageName(name);
      // Deleting a missing name succeeds, as on disk.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }));
    },
    stat,
    async read(name) {
      assertSafeStorageName(name);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
        if (!(object.Body instanceof Readable)) throw new Error(`No readable body for ${name}`);
        return {
          body: object.Body,
          size: object.ContentLength ?? 0,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async *list() {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            ContinuationToken: continuationToken,
            MaxKeys: options.listPageSize ?? LIST_PAGE_SIZE,
          }),
        );
        // A shared bucket may hold other objects; only names put() could have written count.
        for (const object of page.Contents ?? []) {
          if (object.Key && isSafeStorageName(object.Key)) yield object.Key;
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
    /**
     * A typo in S3_BUCKET must not quietly start a new, empty bucket, and the app's keys should
     * not hold s3:CreateBucket: so the bucket is checked, never created.
     */
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) {
          throw new Error(`S3_BUCKET: no bucket "${bucket}" at ${config.endpoint}`, {
            cause: error,
          });
        }
        if (status === 401 || status === 403) {
          throw new Error(
            `S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: bucket "${bucket}" refused these credentials`,
            { cause: error },
          );
        }
        throw error;
      }
    },
  };
}
