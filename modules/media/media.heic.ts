import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** A decoded HEIC picture: 8-bit RGBA pixels, already turned upright by its HEIF transforms. */
export type DecodedHeic = { width: number; height: number; data: Buffer };

type WorkerAnswer = { width: number; height: number; data: Uint8ClampedArray } | { error: string };

/**
 * heic-decode runs libheif compiled to WebAssembly on the thread that calls it: about a second
 * of CPU for a 12 MP phone photo, which on the main thread would stall every other request. A
 * short-lived worker per photo keeps the event loop free; starting one costs ~50 ms, little
 * beside the decode. The worker is CommonJS source (eval) rather than a file of its own, so
 * the bundled production server needs no extra entry point.
 */
function workerSource(heicDecodePath: string): string {
  return `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(${JSON.stringify(heicDecodePath)});
decode({ buffer: workerData }).then(
  ({ width, height, data }) => parentPort.postMessage({ width, height, data }, [data.buffer]),
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
);`;
}

let source: string | undefined;

function isWorkerAnswer(value: unknown): value is WorkerAnswer {
  if (typeof value !== 'object' || value === null) return false;
  if ('error' in value) return typeof value.error === 'string';
  return (
    'width' in value &&
    typeof value.width === 'number' &&
    'height' in value &&
    typeof value.height === 'number' &&
    'data' in value &&
    value.data instanceof Uint8ClampedArray
  );
}

/** Decodes the primary image of a HEIC file to RGBA pixels, off the main thread. */
export function decodeHeic(input: Uint8Array): Promise<DecodedHeic> {
  // Resolved on first use: a server that never sees a HEIC never touches the decoder.
  source ??= workerSource(createRequire(import.meta.url).resolve('heic-decode'));
  // libheif prints its own complaints about damaged files; the caller reports the failure.
  const worker = new Worker(source, { eval: true, workerData: input, stdout: true, stderr: true });
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise<DecodedHeic>((resolve, reject) => {
    worker.once('message', (answer: unknown) => {
      if (!isWorkerAnswer(answer)) reject(new Error('HEIC decoder answered something unexpected'));
      else if ('error' in answer) reject(new Error(`HEIC decoder: ${answer.error}`));
      else {
        const { width, height, data } = answer;
        resolve({
          width,
          height,
          data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
        });
      }
    });
    worker.once('error', reject);
    // Settles nothing when an answer came first; otherwise the worker died without one.
    worker.once('exit', (code) => reject(new Error(`HEIC decoder stopped (exit code ${code})`)));
  }).finally(() => void worker.terminate());
}
