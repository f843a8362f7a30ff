/**
 * `npm run bench -- --load`: mixed traffic at a fixed arrival rate against the production build,
 * on the embedded database and on PostgreSQL, and what happens under faults.
 *
 * Each request is started on a clock (an open model: a slow answer does not slow the arrivals,
 * as it would with a fixed number of connections), drawn from a mix of what visitors do:
 * pages, lists, detail pages, live search, inquiries, signups, newsletter sign-ups and supplies
 * with a photo. Every write the server acknowledged (2xx) is looked for in the database
 * afterwards, so a lost write shows as `found < acknowledged`.
 *
 * - embedded (PGlite): one process; at the end, SIGTERM while requests are in flight: every one of
 *   them must still be answered.
 * - PostgreSQL: two processes sharing the database (and Redis, when BENCH_REDIS_URL answers),
 *   with the client spreading requests over both as a load balancer does. In the middle, process
 *   A gets SIGTERM (its requests in flight must finish; new ones go to B) and starts again; later
 *   PostgreSQL itself is restarted: while it is down the servers must answer 503 with
 *   Retry-After, and serve again by themselves once it is back.
 *
 * Prints `name value unit budget ok|FAIL` lines like the rest of the bench; exits 1 on a miss.
 *
 * Environment (all optional):
 *   BENCH_LOAD_SECONDS        length of each run (default 60)
 *   BENCH_LOAD_RATE           requests started per second (default 40)
 *   BENCH_LOAD_ENGINES        pglite,postgres (default both)
 *   BENCH_POSTGRES_URL        a PostgreSQL server to create a throw-away database on
 *                             (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_POSTGRES_RESTART    the shell command that restarts that server
 *                             (default: pg_ctlcluster <version> main restart)
 *   BENCH_REDIS_URL           Redis for the PostgreSQL run (default redis://127.0.0.1:6379)
 */
import { exec as execCallback } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { projectRoot } from '#config/paths.ts';
import { loadConfig } from '#config/env.ts';
import { openConfiguredDatabase } from '#db/open-configured.ts';
import { signUp } from './accounts.ts';
import { formatFigure, isWithinBudget, note, percentile, type Figure } from './figures.ts';
import {
  findFreePort,
  startServer,
  stopAllProcesses,
  stopServer,
  type ServerHandle,
} from './processes.ts';

const exec = promisify(execCallback);
const env = process.env;
const LOAD_SECONDS = Number(env.BENCH_LOAD_SECONDS ?? 60);
const RATE = Number(env.BENCH_LOAD_RATE ?? 40);
const ENGINES = (env.BENCH_LOAD_ENGINES ?? 'pglite,postgres').split(',');
const POSTGRES_URL = env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REQUEST_TIMEOUT_MS = 15_000;
/** How long a PostgreSQL restart keeps the server down (stop, wait, start). */
const POSTGRES_DOWN_MS = 5_000;
/** How soon after PostgreSQL is back every request must succeed again. */
const RECOVERY_BUDGET_MS = 10_000;
/** Supplies sent just before SIGTERM, and how long they have to reach the server. */
const IN_FLIGHT_SUPPLIES = 10;
const IN_FLIGHT_DELAY_MS = 200;

const photo = readFileSync(path.join(projectRoot, 'modules/media/fixtures/sample-stamp.jpg'));

type Kind =
  | 'home'
  | 'list'
  | 'detail-page'
  | 'detail-api'
  | 'search'
  | 'inquiry'
  | 'signup'
  | 'subscribe'
  | 'supply';

/** The mix, in requests out of 100: mostly reading, as on a real marketplace. */
const MIX: [Kind, number][] = [
  ['home', 15],
  ['list', 15],
  ['detail-page', 15],
  ['detail-api', 10],
  ['search', 25],
  ['inquiry', 8],
  ['signup', 4],
  ['subscribe', 5],
  ['supply', 3],
];

const SEARCH_WORDS = [
  'kic',
  'kimi',
  'house',
  'gasabo',
  'garden',
  'apart',
  'land',
  'toyota',
  'remera',
  'nyar',
  'villa',
  'moto',
];

type Outcome = {
  kind: Kind;
  startedAt: number;
  endedAt: number;
  status: number;
  /** Set for errors: a network failure, a timeout or an unexpected status. */
  problem?: string;
  retryAfter: string | null;
  /** Which server answered. */
  server: number;
  /** Retried on the other server after a refusal by a stopping one. */
  isRetried: boolean;
};

type Written = {
  signups: string[];
  inquiries: string[];
  subscribers: string[];
  supplies: string[];
};

type Fixture = { listingIds: string[]; sellerTokens: string[] };

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function drawKind(): Kind {
  let roll = Math.random() * 100;
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'home';
}

/** Servers the client spreads requests over, as a load balancer would. */
class Balancer {
  private next = 0;
  readonly isDown: boolean[];
  constructor(readonly servers: ServerHandle[]) {
    this.isDown = servers.map(() => false);
  }
  /** The next server in turn that is up, other than `avoid`; `avoid` itself when none is. */
  choose(avoid?: number): number {
    for (let step = 0; step < this.servers.length; step++) {
      const index = (this.next + step) % this.servers.length;
      if (!this.isDown[index] && index !== avoid) {
        this.next = index + 1;
        return index;
      }
    }
    return avoid ?? 0;
  }
}

const RESET_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/**
 * Whether a proxy would try the request on another server, as nginx's `proxy_next_upstream
 * error` does: a refused connection never reached the process; a kept-alive connection the
 * stopping process closed before any answer is tried again for a read, not for a form post.
 */
function isRetriable(error: unknown, method: string): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause?.code === 'ECONNREFUSED') return true;
  return method === 'GET' && RESET_CODES.has(cause?.code ?? '');
}

async function send(
  balancer: Balancer,
  kind: Kind,
  fixture: Fixture,
  written: Written,
): Promise<Outcome> {
  const request = buildRequest(kind, fixture);
  const startedAt = performance.now();
  let server = balancer.choose();
  let isRetried = false;
  for (;;) {
    try {
      const response = await fetch(`${balancer.servers[server]!.baseUrl}${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: request.body(),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      // A process that is shutting down answers 503 before reading the request (Fastify's
      // return503OnClosing) and closes the connection: the balancer sends it elsewhere.
      if (response.status === 503 && response.headers.get('connection') === 'close' && !isRetried) {
        balancer.isDown[server] = true;
        server = balancer.choose(server);
        isRetried = true;
        continue;
      }
      const isExpected = response.status === request.expectedStatus;
      if (isExpected) request.acknowledge(text, written);
      return {
        kind,
        startedAt,
        endedAt: performance.now(),
        status: response.status,
        problem: isExpected ? undefined : `${response.status} ${text.slice(0, 120)}`,
        retryAfter: response.headers.get('retry-after'),
        server,
        isRetried,
      };
    } catch (error) {
      if (isRetriable(error, request.method) && !isRetried) {
        balancer.isDown[server] = true;
        server = balancer.choose(server);
        isRetried = true;
        continue;
      }
      return {
        kind,
        startedAt,
        endedAt: performance.now(),
        status: 0,
        problem:
          error instanceof Error
            ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`
            : String(error),
        retryAfter: null,
        server,
        isRetried,
      };
    }
  }
}

type PlannedRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: () => string | FormData | undefined;
  expectedStatus: number;
  acknowledge: (answer: string, written: Written) => void;
};

const json = { 'content-type': 'application/json' };

function get(pathname: string): PlannedRequest {
  return {
    method: 'GET',
    path: pathname,
    headers: {},
    body: () => undefined,
    expectedStatus: 200,
    acknowledge: () => undefined,
  };
}

function buildRequest(kind: Kind, fixture: Fixture): PlannedRequest {
  const id = randomUUID();
  switch (kind) {
    case 'home':
      return get('/');
    case 'list':
      return get(
        pick([
          '/get-properties/type/House',
          '/get-properties/type/Apartment?offer=Rent',
          '/api/get-properties/type/House?sort=price_asc',
        ]),
      );
    case 'detail-page':
      return get(`/property/${pick(fixture.listingIds)}`);
    case 'detail-api':
      return get(`/api/get-property/${pick(fixture.listingIds)}`);
    case 'search':
      // A new query nearly every time, as typing is: a word and a random suffix letter.
      return get(
        `/api/search?q=${pick(SEARCH_WORDS)}${Math.random() < 0.5 ? '' : ` ${String.fromCharCode(97 + Math.floor(Math.random() * 26))}`}`,
      );
    case 'inquiry': {
      const email = `load-inquiry-${id}@example.rw`;
      return {
        method: 'POST',
        path: '/api/request-inform',
        headers: json,
        body: () =>
          JSON.stringify({
            listingId: pick(fixture.listingIds),
            name: 'Load Visitor',
            email,
            phone: '0788123456',
            role: 'buyer',
            message: 'Is it still available? Can I visit on Saturday?',
            agree: true,
          }),
        expectedStatus: 201,
        acknowledge: (_answer, written) => written.inquiries.push(email),
      };
    }
    case 'signup': {
      const email = `load-signup-${id}@example.rw`;
      return {
        method: 'POST',
        path: '/api/signup',
        headers: json,
        body: () =>
          JSON.stringify({
            username: 'Load Buyer',
            email,
            role: 'buyer',
            password: 'a-long-load-password',
            confirmPassword: 'a-long-load-password',
          }),
        expectedStatus: 201,
        acknowledge: (_answer, written) => written.signups.push(email),
      };
    }
    case 'subscribe': {
      const email = `load-news-${id}@example.rw`;
      return {
        method: 'POST',
        path: '/api/subscribe',
        headers: json,
        body: () => JSON.stringify({ email }),
        expectedStatus: 201,
        acknowledge: (_answer, written) => written.subscribers.push(email),
      };
    }
    case 'supply':
      return {
        method: 'POST',
        path: '/api/supply-property',
        headers: { authorization: `Bearer ${pick(fixture.sellerTokens)}` },
        body: () => {
          const form = new FormData();
          const values = {
            title: `Load house ${id}`,
            type: 'House',
            price: '420000',
            status: 'rent',
            location: 'Kimironko, Gasabo',
          };
          for (const [name, value] of Object.entries(values)) form.append(name, value);
          form.append('photos', new Blob([photo], { type: 'image/jpeg' }), 'front.jpg');
          return form;
        },
        expectedStatus: 201,
        acknowledge: (answer, written) => {
          written.supplies.push((JSON.parse(answer) as { data: { _id: string } }).data._id);
        },
      };
  }
}

/** Sellers with sessions and the published listings to browse, made through the API. */
async function prepareFixture(baseUrl: string): Promise<Fixture> {
  const answer = await fetch(`${baseUrl}/api/get-properties/type/House?pageSize=20`);
  const { properties } = (await answer.json()) as { properties: { _id: string }[] };
  if (properties.length === 0)
    throw new Error('No published houses to browse: is the demo seeded?');
  const sellerTokens: string[] = [];
  for (let index = 0; index < 5; index++) sellerTokens.push(await signUp(baseUrl, 'seller'));
  return { listingIds: properties.map((property) => property._id), sellerTokens };
}

type Fault = { at: number; name: string; run: () => Promise<void> };

/** Starts a request every 1/RATE s for `seconds`, running the faults at their times. */
async function drive(
  balancer: Balancer,
  fixture: Fixture,
  seconds: number,
  faults: Fault[],
): Promise<{ outcomes: Outcome[]; written: Written; marks: Map<string, number> }> {
  const written: Written = { signups: [], inquiries: [], subscribers: [], supplies: [] };
  const pending = new Set<Promise<Outcome>>();
  const outcomes: Outcome[] = [];
  const marks = new Map<string, number>();
  const started = performance.now();
  const total = Math.round(seconds * RATE);
  const faultRuns: Promise<void>[] = [];
  const remaining = [...faults].sort((a, b) => a.at - b.at);
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    while (remaining[0] && performance.now() - started >= remaining[0].at * 1000) {
      const fault = remaining.shift()!;
      marks.set(`${fault.name}:start`, performance.now());
      faultRuns.push(
        fault.run().then(() => {
          marks.set(`${fault.name}:end`, performance.now());
        }),
      );
    }
    const request = send(balancer, drawKind(), fixture, written).then((outcome) => {
      outcomes.push(outcome);
      pending.delete(request);
      return outcome;
    });
    pending.add(request);
  }
  await Promise.all([...pending, ...faultRuns]);
  return { outcomes, written, marks };
}

/** Counts the acknowledged writes that are in the database. */
async function countFound(
  query: (text: string, values: unknown[]) => Promise<number>,
  written: Written,
): Promise<{ acknowledged: number; found: number }> {
  const found =
    (await query('select count(*)::int as n from users where email = any($1)', [written.signups])) +
    (await query('select count(*)::int as n from inquiries where email = any($1)', [
      written.inquiries,
    ])) +
    (await query('select count(*)::int as n from newsletter_subscriptions where email = any($1)', [
      written.subscribers,
    ])) +
    (await query('select count(*)::int as n from properties where id = any($1::uuid[])', [
      written.supplies,
    ]));
  const acknowledged =
    written.signups.length +
    written.inquiries.length +
    written.subscribers.length +
    written.supplies.length;
  return { acknowledged, found };
}

const figures: Figure[] = [];
function report(figure: Omit<Figure, 'digits'>): void {
  const whole = { ...figure, digits: 0 };
  figures.push(whole);
  console.log(formatFigure(whole));
}

function summarise(
  engine: string,
  outcomes: Outcome[],
  written: Written,
  found: { acknowledged: number; found: number },
  allowed: (outcome: Outcome) => boolean,
) {
  const errors = outcomes.filter((outcome) => outcome.problem && !allowed(outcome));
  const latencies = outcomes
    .filter((outcome) => !outcome.problem)
    .map((outcome) => outcome.endedAt - outcome.startedAt)
    .sort((a, b) => a - b);
  note(
    `${engine}: ${outcomes.length} requests at ${RATE}/s for ${LOAD_SECONDS} s; writes acknowledged ` +
      `${found.acknowledged} (signups ${written.signups.length}, inquiries ${written.inquiries.length}, ` +
      `newsletter ${written.subscribers.length}, supplies with a photo ${written.supplies.length}), found ${found.found}; ` +
      `retried on the other process ${outcomes.filter((outcome) => outcome.isRetried).length}`,
  );
  for (const error of errors.slice(0, 5)) note(`${engine}: ${error.kind} failed: ${error.problem}`);
  report({
    name: `load-${engine}-errors`,
    value: errors.length,
    unit: 'requests',
    budget: { op: '<=', limit: 0 },
  });
  report({
    name: `load-${engine}-writes-lost`,
    value: found.acknowledged - found.found,
    unit: 'writes',
    budget: { op: '<=', limit: 0 },
  });
  report({
    name: `load-${engine}-p95`,
    value: Math.round(percentile(latencies, 95)),
    unit: 'ms',
    budget: { op: '<', limit: 500 },
  });
}

function serverEnv(
  dataDir: string,
  port: number,
  extra: Record<string, string>,
): NodeJS.ProcessEnv {
  return {
    ...env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Every simulated visitor comes from 127.0.0.1: the per-address limits would count them as one.
    FORM_POSTS_PER_MINUTE: '100000',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    AUTH_ATTEMPTS_PER_15_MINUTES: '100000',
    LOGIN_FAILURES_PER_ADDRESS_PER_15_MINUTES: '100000',
    SEARCH_CACHE_SECONDS: '0',
    ...extra,
  };
}

async function runEmbedded(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-load-'));
  try {
    const port = await findFreePort();
    const server = await startServer({ cwd: projectRoot, env: serverEnv(dataDir, port, {}), port });
    const balancer = new Balancer([server]);
    const fixture = await prepareFixture(server.baseUrl);
    const { outcomes, written } = await drive(balancer, fixture, LOAD_SECONDS, []);
    // SIGTERM while requests are being served: a supply with a photo keeps the server busy for
    // a good part of a second, so every one of them is in its hands when the signal comes.
    const burst = Array.from({ length: IN_FLIGHT_SUPPLIES }, () =>
      send(balancer, 'supply', fixture, written),
    );
    await sleep(IN_FLIGHT_DELAY_MS);
    const stopped = stopServer(server);
    const inFlight = await Promise.all(burst);
    await stopped;
    const failedInFlight = inFlight.filter((outcome) => outcome.problem);
    report({
      name: 'load-pglite-sigterm-in-flight-failed',
      value: failedInFlight.length,
      unit: 'requests',
      budget: { op: '<=', limit: 0 },
    });
    for (const failure of failedInFlight.slice(0, 3))
      note(`pglite: in flight at SIGTERM: ${failure.kind} ${failure.problem}`);
    const database = await openConfiguredDatabase(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }),
    );
    try {
      const found = await countFound(async (text, values) => {
        const { rows } = await database.sql.executeSql(text, values);
        return Number(rows[0]?.n ?? 0);
      }, written);
      summarise('pglite', [...outcomes, ...inFlight], written, found, () => false);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function postgresRestartCommand(): string {
  if (env.BENCH_POSTGRES_RESTART) return env.BENCH_POSTGRES_RESTART;
  const version = readdirSync('/etc/postgresql')[0];
  return `pg_ctlcluster --skip-systemctl-redirect ${version} main stop -m fast && sleep ${POSTGRES_DOWN_MS / 1000} && pg_ctlcluster --skip-systemctl-redirect ${version} main start`;
}

async function isRedisUp(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function runPostgres(): Promise<void> {
  const name = `marketplace_load_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-load-pg-'));
  const hasRedis = await isRedisUp();
  note(
    `postgres: database ${name}${hasRedis ? `, Redis ${REDIS_URL}` : ', no Redis'}; two processes`,
  );
  const extra = {
    DATABASE_URL: databaseUrl,
    ...(hasRedis ? { REDIS_URL, REDIS_PREFIX: `${name}:` } : {}),
  };
  try {
    const ports = [await findFreePort(), await findFreePort()];
    // One after the other: the first migrates and seeds.
    const servers = [
      await startServer({
        cwd: projectRoot,
        env: serverEnv(dataDir, ports[0]!, extra),
        port: ports[0]!,
      }),
    ];
    servers.push(
      await startServer({
        cwd: projectRoot,
        env: serverEnv(dataDir, ports[1]!, extra),
        port: ports[1]!,
      }),
    );
    const balancer = new Balancer(servers);
    const fixture = await prepareFixture(servers[0]!.baseUrl);
    const third = Math.floor(LOAD_SECONDS / 3);
    const faults: Fault[] = [
      {
        at: third,
        name: 'sigterm-a',
        run: async () => {
          await stopServer(servers[0]!);
          servers[0] = await startServer({
            cwd: projectRoot,
            env: serverEnv(dataDir, ports[0]!, extra),
            port: ports[0]!,
          });
          balancer.servers[0] = servers[0];
          balancer.isDown[0] = false;
        },
      },
      {
        at: 2 * third,
        name: 'postgres-restart',
        // Run beside the load, never blocking the loop that sends it.
        run: async () => {
          await exec(postgresRestartCommand());
        },
      },
    ];
    const { outcomes, written, marks } = await drive(balancer, fixture, LOAD_SECONDS, faults);
    const outageStart = marks.get('postgres-restart:start') ?? Infinity;
    const outageEnd = marks.get('postgres-restart:end') ?? Infinity;
    const duringOutage = (outcome: Outcome) =>
      outcome.startedAt >= outageStart - 100 && outcome.startedAt <= outageEnd + 1000;
    const unavailable = outcomes.filter(
      (outcome) => duringOutage(outcome) && outcome.status === 503,
    );
    const withoutRetryAfter = unavailable.filter((outcome) => !outcome.retryAfter);
    const otherOutageFailures = outcomes.filter(
      (outcome) => duringOutage(outcome) && outcome.problem && outcome.status !== 503,
    );
    const lastFailure = Math.max(
      ...outcomes.filter((outcome) => outcome.problem).map((outcome) => outcome.endedAt),
      outageEnd,
    );
    note(
      `postgres: PostgreSQL down for ${((outageEnd - outageStart) / 1000).toFixed(1)} s: ${unavailable.length} answers 503 ` +
        `(${withoutRetryAfter.length} without Retry-After), ${otherOutageFailures.length} other failures; ` +
        `last failure ${((lastFailure - outageEnd) / 1000).toFixed(1)} s after it was back`,
    );
    report({
      name: 'load-postgres-outage-not-503',
      value: otherOutageFailures.length + withoutRetryAfter.length,
      unit: 'requests',
      budget: { op: '<=', limit: 0 },
    });
    report({
      name: 'load-postgres-recovery',
      value: Math.max(0, Math.round(lastFailure - outageEnd)),
      unit: 'ms',
      budget: { op: '<', limit: RECOVERY_BUDGET_MS },
    });
    const sigtermStart = marks.get('sigterm-a:start') ?? Infinity;
    const failedAroundSigterm = outcomes.filter(
      (outcome) =>
        outcome.problem &&
        outcome.server === 0 &&
        outcome.startedAt >= sigtermStart - 1000 &&
        outcome.startedAt < outageStart,
    );
    report({
      name: 'load-postgres-sigterm-failed',
      value: failedAroundSigterm.length,
      unit: 'requests',
      budget: { op: '<=', limit: 0 },
    });
    for (const server of servers) await stopServer(server);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const found = await countFound(async (text, values) => {
        const { rows } = await client.query<{ n: number }>(text, values);
        return Number(rows[0]?.n ?? 0);
      }, written);
      summarise('postgres', outcomes, written, found, duringOutage);
    } finally {
      await client.end();
    }
  } finally {
    await stopAllProcesses();
    rmSync(dataDir, { recursive: true, force: true });
    const cleaner = new pg.Client({ connectionString: POSTGRES_URL });
    await cleaner.connect();
    await cleaner.query(`drop database if exists ${name} with (force)`);
    await cleaner.end();
  }
}

/** Runs the load on each engine asked for; answers the exit code. */
export async function runTrafficBench(): Promise<number> {
  try {
    if (ENGINES.includes('pglite')) await runEmbedded();
    if (ENGINES.includes('postgres')) await runPostgres();
  } finally {
    await stopAllProcesses();
  }
  return figures.every(isWithinBudget) ? 0 : 1;
}
