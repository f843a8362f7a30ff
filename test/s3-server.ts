/**
 * A real S3-protocol server (s3rver) on a free local port, with one empty bucket in a temporary
 * folder. No test framework needed: a plain script (`node --import tsx`) can use it as well.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildChildEnv } from './child-env.ts';

export type TestS3Server = {
  /** `http://127.0.0.1:<port>`, for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The S3_* variables that point the product at this server. */
  env: Record<
    'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION',
    string
  >;
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
};

// The only key pair s3rver accepts.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const STOP_GRACE_MS = 5000;

/** Starts s3rver in a child process; resolves once it listens, with its bucket created. */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'photos';
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const script = path.join(import.meta.dirname, 's3-server-process.mjs');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', script, directory, bucket], {
    env: buildChildEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = /^\{.*\}$/m.exec(output)?.[0];
        if (line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`s3rver exited (${code}):\n${output}`)));
      child.once('error', reject);
    });
  } catch (error) {
    await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }

  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'us-east-1';
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    region,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_REGION: region,
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end();
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
