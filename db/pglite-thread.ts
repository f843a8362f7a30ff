/**
 * The embedded database's own thread: PGlite runs here, beside the server's JavaScript, which
 * asks it for queries through messages (db/pglite-client.ts). See docs/decisions/015.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions, type Transaction } from '@electric-sql/pglite';

/** How the thread opens PGlite. */
export type PgliteThreadOptions = {
  dataDir?: string;
  loadDataDir?: Blob;
  startParams?: string[];
  /** PGlite's WebAssembly, compiled once per process rather than once per thread. */
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  /** The types every query reads as PostgreSQL writes them (drizzle maps them itself). */
  rawTypes: number[];
};

/** What the thread is asked; `tx` names a transaction that `begin` opened. */
export type PgliteAsk =
  | {
      op: 'query';
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** PGlite's own parsers for the raw types (Date objects), for SQL written outside drizzle. */
      isParsingRawTypes?: boolean;
      tx?: number;
    }
  /** Raw SQL of several statements (simple protocol), read with PGlite's own parsers. */
  | { op: 'exec'; text: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; isCommit: boolean }
  | { op: 'dumpDataDir' }
  | { op: 'close' };

/** An ask, numbered so that its answer finds its way back. */
export type PgliteRequest = PgliteAsk & { id: number };

/** The thread's answer to request `id`; id 0 tells that PGlite is open. */
export type PgliteReply =
  | { id: number; isOk: true; result: unknown }
  | { id: number; isOk: false; error: PgliteErrorFields };

/** An error's name, message and fields (a DatabaseError's code, detail, constraint …). */
export type PgliteErrorFields = { name: string; message: string } & Record<string, unknown>;

const port = parentPort;
if (!port) throw new Error('db/pglite-thread.ts runs as a worker thread');
const options = workerData as PgliteThreadOptions;

function errorFields(error: unknown): PgliteErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  return { ...error, name: error.name, message: error.message };
}

function answer(id: number, work: Promise<unknown>): void {
  work.then(
    (result) => port!.postMessage({ id, isOk: true, result } satisfies PgliteReply),
    (error: unknown) =>
      port!.postMessage({ id, isOk: false, error: errorFields(error) } satisfies PgliteReply),
  );
}

try {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    startParams: options.startParams,
    pgliteWasmModule: options.pgliteWasmModule,
    initdbWasmModule: options.initdbWasmModule,
  });
  const ownParsers: ParserOptions = Object.fromEntries(
    options.rawTypes.map((type) => [type, client.parsers[type]!]),
  );
  for (const type of options.rawTypes) client.parsers[type] = (value: string) => value;
  const parsersOf = (isParsingRawTypes?: boolean) => (isParsingRawTypes ? ownParsers : undefined);

  /** The transactions begun and not yet ended, each with what ends it. */
  const transactions = new Map<
    number,
    { tx: Transaction; end(isCommit: boolean): Promise<void> }
  >();
  let lastTransaction = 0;
  const ROLLED_BACK = Symbol('rolled back');

  /**
   * Opens a transaction that stays open, holding PGlite for itself as PGlite's own transactions
   * do, until its `end` request commits or rolls it back.
   */
  function begin(id: number): void {
    const txId = (lastTransaction += 1);
    let hasBegun = false;
    let settle: (isCommit: boolean) => void = () => undefined;
    const ended = client.transaction((tx) => {
      hasBegun = true;
      transactions.set(txId, { tx, end });
      answer(id, Promise.resolve(txId));
      return new Promise<void>((resolve, reject) => {
        settle = (isCommit) => (isCommit ? resolve() : reject(ROLLED_BACK));
      });
    });
    // A failed BEGIN is the begin request's error; later ones are the end request's.
    ended.catch((error: unknown) => {
      if (!hasBegun) answer(id, Promise.reject(error));
    });
    function end(isCommit: boolean): Promise<void> {
      settle(isCommit);
      return ended
        .catch((error: unknown) => {
          if (error !== ROLLED_BACK) throw error;
        })
        .finally(() => transactions.delete(txId));
    }
  }

  function openTransaction(txId: number) {
    const open = transactions.get(txId);
    if (!open) throw new Error(`Transaction ${txId} is not open`);
    return open;
  }

  function handle(request: PgliteRequest): void {
    switch (request.op) {
      case 'query': {
        const runner = request.tx === undefined ? client : openTransaction(request.tx).tx;
        const queryOptions = {
          rowMode: request.rowMode,
          parsers: parsersOf(request.isParsingRawTypes),
        };
        return answer(request.id, runner.query(request.text, request.params, queryOptions));
      }
      case 'exec':
        return answer(request.id, client.exec(request.text, { parsers: ownParsers }));
      case 'begin':
        return begin(request.id);
      case 'end':
        return answer(request.id, openTransaction(request.tx).end(request.isCommit));
      case 'dumpDataDir':
        return answer(request.id, client.dumpDataDir('none'));
      case 'close':
        return answer(request.id, client.close());
    }
  }

  port.on('message', (request: PgliteRequest) => {
    try {
      handle(request);
    } catch (error) {
      answer(request.id, Promise.reject(error));
    }
  });
  port.postMessage({ id: 0, isOk: true, result: undefined } satisfies PgliteReply);
} catch (error) {
  port.postMessage({ id: 0, isOk: false, error: errorFields(error) } satisfies PgliteReply);
}
