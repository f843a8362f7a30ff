import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, SqlRunner, Transaction } from '#db/client.ts';

/** pg-boss keeps its tables in this schema, beside the marketplace's own. */
const JOBS_SCHEMA = 'pgboss';

/** How often a process that runs jobs asks, in one query for every queue, which have jobs due. */
const DUE_CHECK_MS = 1000;
/**
 * How often each queue's worker looks for a job by itself: only a fallback, since the due
 * check wakes the workers of queues with jobs due. A worker's own look is a locking update per
 * queue (about 2 ms each on the embedded database), nine times a second at one second each.
 */
const IDLE_POLLING_SECONDS = 30;

type JobsLogger = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** A job's data: what its handler needs, as JSON. */
export type JobData = Record<string, string | number | boolean | null | string[]>;

export type JobHandler<Data extends JobData> = {
  /**
   * True (the default) when the job only writes to the database: it runs inside one transaction
   * that also marks the job done, so a crash leaves all of its writes or none, and a retry never
   * repeats one. False when it reaches outside (SMTP): it runs on its own and must be safe to
   * repeat, since a crash after the outside effect and before the job is marked done runs it again.
   */
  isTransactional?: boolean;
  /** Runs of a failing job before it stays failed (default 5), spaced by a growing delay. */
  retryLimit?: number;
  /**
   * 'short': at most one job waits per singleton key; adding another while one waits does
   * nothing (a digest that gathers whatever is due when it runs). 'stately': at most one waits
   * and one runs (a sweep).
   */
  policy?: 'standard' | 'short' | 'stately';
  /**
   * A recurring job (a sweep): pg-boss sends it on this cron schedule (UTC) from the processes
   * that run jobs, and once when such a process starts. Give it the 'stately' policy, so that at
   * most one waits and one runs whatever the number of processes.
   */
  cron?: string;
  /**
   * The work. A transactional job must read and write through the `db` it is given (its
   * transaction): on the embedded database a query on another handle waits for that
   * transaction to end, and so would never run.
   */
  run(data: Data, db: Database | Transaction): Promise<void>;
};

/** Adds a job to its queue: in `tx` when given, so it exists exactly if the change commits. */
export type Enqueue<Data extends JobData> = (
  data: Data,
  tx?: Database | Transaction,
  options?: { singletonKey?: string; startAfterSeconds?: number },
) => Promise<void>;

export type JobQueue = ReturnType<typeof createJobQueue>;

/** How many jobs of one queue wait (new or due for a retry), run, and failed for good. */
export type QueueStats = { queue: string; waiting: number; active: number; failed: number };

/** Turns pg-boss's `$1` text into drizzle SQL, so it runs in a drizzle transaction. */
function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, index) =>
    // Odd parts are parameter numbers; sql.param keeps an array one parameter (not a list).
    index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`,
  );
  return sql.join(chunks);
}

function runnerFor(db: Database | Transaction): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => db.execute(toDrizzleSql(text, values)),
  };
}

/**
 * Durable background work on pg-boss, in the marketplace's own database (PGlite or PostgreSQL):
 * jobs are added in the transaction of the change that causes them, retried with a growing delay
 * when they fail, and taken by one worker at a time across processes (FOR UPDATE SKIP LOCKED).
 * A job whose process dies while running it is taken again once its time is up.
 *
 * Modules `define` their jobs when the services are built; `start` creates the queues and, when
 * `isWorking`, starts the workers. Without workers (tests, or web-only processes) `runDue` runs
 * what is due in the calling process.
 */
export function createJobQueue({
  db,
  runner,
  isWorking,
  logger,
  idlePollingSeconds = IDLE_POLLING_SECONDS,
}: {
  db: Database;
  runner: SqlRunner;
  isWorking: boolean;
  logger: JobsLogger;
  /** How often each worker looks by itself (tests make it never, to see the waking alone). */
  idlePollingSeconds?: number;
}) {
  const boss = new PgBoss({
    db: runner as PgBoss.Db,
    schema: JOBS_SCHEMA,
    // Maintenance (expiring jobs of a dead process, archiving) and cron only where jobs run.
    supervise: isWorking,
    schedule: isWorking,
    pollingIntervalSeconds: idlePollingSeconds,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'background jobs: pg-boss failed'));

  const handlers = new Map<string, JobHandler<JobData>>();
  /** The worker of each queue, by queue name (processes that run jobs). */
  const workerIds = new Map<string, string>();
  let dueCheck: NodeJS.Timeout | undefined;
  let isStarted = false;

  /** Runs one job's handler; a throw leaves the job to its caller to fail (and retry later). */
  async function runOne(name: string, job: PgBoss.Job<JobData>): Promise<void> {
    const handler = handlers.get(name)!;
    if (handler.isTransactional === false) {
      await handler.run(job.data, db);
      return;
    }
    await db.transaction(async (tx) => {
      await handler.run(job.data, tx);
      await boss.complete(name, job.id, {}, { db: runnerFor(tx) });
    });
  }

  function define<Data extends JobData>(name: string, handler: JobHandler<Data>): Enqueue<Data> {
    if (isStarted) throw new Error(`job ${name} defined after the queue started`);
    if (handlers.has(name)) throw new Error(`job ${name} is defined twice`);
    handlers.set(name, handler as unknown as JobHandler<JobData>);
    return async (data, tx = db, { singletonKey, startAfterSeconds } = {}) => {
      await boss.send(name, data, {
        singletonKey,
        // A moment, not a number of seconds: pg-boss binds its start time as a timestamp too,
        // which a bare number would not parse as.
        startAfter:
          startAfterSeconds === undefined
            ? undefined
            : new Date(Date.now() + startAfterSeconds * 1000),
        db: runnerFor(tx),
      });
    };
  }

  async function start(): Promise<void> {
    await boss.start();
    for (const [name, handler] of handlers) {
      await boss.createQueue(name, {
        name,
        policy: handler.policy ?? 'standard',
        retryLimit: handler.retryLimit ?? 5,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
      });
    }
    isStarted = true;
    if (!isWorking) return;
    for (const [name, handler] of handlers) {
      if (!handler.cron) continue;
      await boss.schedule(name, handler.cron, {}, { tz: 'UTC' });
      await boss.send(name, {});
    }
    for (const name of handlers.keys()) {
      const workerId = await boss.work<JobData>(name, async ([job]) => {
        try {
          await runOne(name, job!);
        } catch (error) {
          logger.warn(
            { err: error, job: name, jobId: job!.id },
            'background job failed; retried later',
          );
          throw error;
        } finally {
          // At once for the next job, if any: a burst of mail drains without waiting.
          wake(name);
        }
      });
      workerIds.set(name, workerId);
    }
    scheduleDueCheck();
  }

  /** Makes the worker of queue `name` look for a job now. */
  function wake(name: string): void {
    const workerId = workerIds.get(name);
    if (workerId) boss.notifyWorker(workerId);
  }

  /** Wakes the workers of the queues that have jobs due, then checks again a moment later. */
  function scheduleDueCheck(): void {
    dueCheck = setTimeout(async () => {
      try {
        const { rows } = await runner.executeSql(
          `select distinct name from ${JOBS_SCHEMA}.job
           where state < 'active' and start_after < now()`,
        );
        for (const row of rows) wake(String(row.name));
      } catch (error) {
        logger.error({ err: error }, 'background jobs: checking for due jobs failed');
      }
      if (dueCheck) scheduleDueCheck();
    }, DUE_CHECK_MS);
    dueCheck.unref();
  }

  /**
   * Runs every job that is due now in this process, queue by queue, until none is left; answers
   * how many ran. A failing job is marked failed (and retried later), not thrown. With
   * `isIncludingLater`, jobs set to start later (a digest's wait) run now too.
   */
  async function runDue({ isIncludingLater = false } = {}): Promise<number> {
    let count = 0;
    for (let isIdle = false; !isIdle;) {
      isIdle = true;
      for (const name of handlers.keys()) {
        const due = await boss.fetch<JobData>(name, { ignoreStartAfter: isIncludingLater });
        for (const job of due) {
          isIdle = false;
          count += 1;
          try {
            await runOne(name, job);
            await boss.complete(name, job.id);
          } catch (error) {
            await boss.fail(name, job.id, { message: String(error) });
          }
        }
      }
    }
    return count;
  }

  /**
   * Every defined queue's job counts, in one query on pg-boss's job table. Failed jobs stay
   * there until pg-boss's maintenance archives them (days later), so `failed` counts recent ones.
   */
  async function stats(): Promise<QueueStats[]> {
    const { rows } = await runner.executeSql(
      `select name, state::text as state, count(*)::int as count from ${JOBS_SCHEMA}.job
       where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    );
    const byQueue = new Map(
      [...handlers.keys()].map((queue) => [queue, { queue, waiting: 0, active: 0, failed: 0 }]),
    );
    for (const row of rows) {
      const counts = byQueue.get(String(row.name));
      if (!counts) continue;
      const count = Number(row.count);
      if (row.state === 'active') counts.active += count;
      else if (row.state === 'failed') counts.failed += count;
      else counts.waiting += count;
    }
    return [...byQueue.values()];
  }

  async function stop(): Promise<void> {
    if (!isStarted) return;
    clearTimeout(dueCheck);
    dueCheck = undefined;
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 5000 });
  }

  return { define, start, stop, runDue, stats };
}
