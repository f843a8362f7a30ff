import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type {
  PgliteAsk,
  PgliteErrorFields,
  PgliteReply,
  PgliteRequest,
  PgliteThreadOptions,
} from './pglite-thread.ts';
import { compiledThreadFile } from './pglite-thread-source.ts';

/** What a query answers: PGlite's results, copied from its thread. */
type Results<Row> = { rows: Row[]; fields: { name: string; dataTypeID: number }[] };

/** The part of PGlite's query options that crosses to its thread. */
type QueryOptions = { rowMode?: 'array' | 'object' };

/** Queries in one transaction (what drizzle's PGlite driver asks of a transaction). */
export type PgliteTransactionClient = {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<Row>>;
};

/** PGlite in its own thread, answering drizzle's PGlite driver and raw SQL. */
export type PgliteThreadClient = PgliteTransactionClient & {
  /**
   * Runs `callback`'s queries in one transaction: committed when it resolves, rolled back when
   * it throws. Like PGlite's own, it holds the database: other queries wait for its end.
   */
  transaction<T>(callback: (tx: PgliteTransactionClient) => Promise<T>): Promise<T>;
  /**
   * Raw SQL, its dates and intervals parsed by PGlite (Date objects); without `values` the text
   * may hold several statements, and the last one's result is answered.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** The whole database as a tarball. */
  dumpDataDir(): Promise<Blob>;
  /** Closes PGlite (writing what it holds) and ends its thread. */
  close(): Promise<void>;
};

/** What the thread rebuilds into an Error with the same fields (code, detail …). */
function toError(fields: PgliteErrorFields): Error {
  const { name, message, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  error.name = name;
  return error;
}

const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
let compiled:
  Promise<Pick<PgliteThreadOptions, 'pgliteWasmModule' | 'initdbWasmModule'>> | undefined;

/** PGlite's two WebAssembly modules, compiled on first use. */
function compilePglite() {
  const compile = async (file: string) =>
    WebAssembly.compile(await fs.readFile(path.join(pgliteDist, file)));
  compiled ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(
    ([pgliteWasmModule, initdbWasmModule]) => ({ pgliteWasmModule, initdbWasmModule }),
  );
  return compiled;
}

/** The thread beside the built server, or compiled from its sources (tests, scripts). */
async function startThread(options: PgliteThreadOptions): Promise<Worker> {
  const isBuilt = !import.meta.url.endsWith('.ts');
  const file = isBuilt
    ? new URL('./pglite-thread.js', import.meta.url)
    : await compiledThreadFile();
  return new Worker(file, { workerData: options });
}

/**
 * Opens PGlite in a worker thread (db/pglite-thread.ts). The server's JavaScript (HTTP, React,
 * JSON) then runs beside the database's work instead of taking turns with it: on two cores a
 * keystroke's search answers in about a third less time under load (docs/decisions/015).
 * drizzle's parsers are not sent with each query (functions do not cross threads): the thread
 * reads the types they cover as written, as they would.
 */
export async function openPgliteThread(
  options: Omit<PgliteThreadOptions, 'pgliteWasmModule' | 'initdbWasmModule'>,
): Promise<PgliteThreadClient> {
  const worker = await startThread({ ...options, ...(await compilePglite()) });
  const waiting = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  let lastId = 0;
  let stopped: Error | undefined;

  // The thread keeps the process alive only while an answer is awaited, so that a script ends
  // when its work does, even if it never closes the database: ref'd when an answer is first
  // awaited (the opening, first) and unref'd when the last arrives.
  const opened = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (reply: PgliteReply) => {
    const waiter = waiting.get(reply.id);
    if (!waiter) return;
    waiting.delete(reply.id);
    if (waiting.size === 0) worker.unref();
    // Node hands a port's messages over in one go, up to a thousand, including those that
    // arrive meanwhile. Were each answer's continuation run here, a busy server would go from
    // answer to query to answer without ever returning to the event loop: no new request read,
    // no timer run, for a second and more. Continuing in the check phase lets I/O in between.
    setImmediate(() => {
      if (reply.isOk) waiter.resolve(reply.result);
      else waiter.reject(toError(reply.error));
    });
  });
  const stop = (error: Error) => {
    stopped = error;
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`The embedded database's thread stopped (${code})`)));
  await opened;

  function ask<T>(request: PgliteAsk): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = (lastId += 1);
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (result: unknown) => void, reject });
      if (waiting.size === 1) worker.ref();
      worker.postMessage({ ...request, id } satisfies PgliteRequest);
    });
  }

  const queryIn =
    (tx: number | undefined): PgliteTransactionClient['query'] =>
    (text, params, queryOptions) =>
      ask({ op: 'query', text, params, rowMode: queryOptions?.rowMode, tx });

  return {
    query: queryIn(undefined),
    async transaction(callback) {
      const tx = await ask<number>({ op: 'begin' });
      let result;
      try {
        result = await callback({ query: queryIn(tx) });
      } catch (error) {
        await ask({ op: 'end', tx, isCommit: false });
        throw error;
      }
      await ask({ op: 'end', tx, isCommit: true });
      return result;
    },
    async executeSql(text, values = []) {
      if (values.length > 0) {
        return ask({ op: 'query', text, params: values, isParsingRawTypes: true });
      }
      const results = await ask<Results<Record<string, unknown>>[]>({ op: 'exec', text });
      return results.at(-1) ?? { rows: [] };
    },
    dumpDataDir: () => ask({ op: 'dumpDataDir' }),
    async close() {
      await ask({ op: 'close' });
      await worker.terminate();
    },
  };
}
