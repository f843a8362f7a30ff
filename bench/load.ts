/**
 * Throughput and latency of HTTP targets, measured against a ceiling route side by side. The
 * machine is shared and noisy, so absolute requests per second mean little from one run to the
 * next; the ratio target/ceiling, measured in adjacent short runs and taken as a median over
 * rounds, cancels most of that noise.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Result } from 'autocannon';
import { measureCpu, type CpuSources, type CpuSpent } from './cpu.ts';
import { median, note, percentile } from './figures.ts';

export type Endpoint = {
  path: string;
  expectedStatus: number;
  /** When given, each request asks for the path it answers instead of `path` (a rotation). */
  nextPath?: () => string;
  /** Sent with every request besides the usual ones (a session cookie, say). */
  headers?: Record<string, string>;
};

export type LoadPlan = {
  connections: number;
  /**
   * A route that queries the database, requested after every run until it answers: PGlite runs
   * one query at a time, so its answer means the queries of requests autocannon left in flight
   * are done and cannot slow the next run down.
   */
  drainPath: string;
  warmupSeconds: number;
  rounds: number;
  roundSeconds: number;
};

export type TargetSummary = {
  path: string;
  /** Median over rounds of target req/s divided by ceiling req/s in the same round. */
  ratio: number;
  /** Median over rounds of each round's exact 95th percentile latency, in ms. */
  p95Ms: number;
  requestsPerSecond: number;
  ceilingRequestsPerSecond: number;
  /** CPU ms per answer of the target's measured runs, by side; undefined without `cpu`. */
  cpuPerAnswerMs: CpuSpent | undefined;
  /** Why the numbers cannot be trusted (errors, unexpected statuses), if they cannot. */
  problem: string | undefined;
};

type RunStats = {
  requestsPerSecond: number;
  latenciesMs: number[];
  /** Answers with another status than expected, and connection errors or timeouts. */
  unexpected: number;
  total: number;
};

// Browsers ask for compressed answers and the server compresses larger ones, which costs CPU a
// real visitor's request also costs; autocannon counts the bytes without decoding them.
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };
/** Unexpected answers tolerated before a target's figures are marked as untrustworthy. */
const MAX_UNEXPECTED_SHARE = 0.001;

/**
 * One autocannon run of `seconds`. Latencies are recorded per response (autocannon's histogram
 * offers p90, p97.5 and p99 but no p95), and only answers with the expected status count as
 * throughput, so a failing route cannot look fast.
 */
async function runLoad(
  url: string,
  expectedStatus: number,
  seconds: number,
  connections: number,
  { nextPath, headers }: Pick<Endpoint, 'nextPath' | 'headers'>,
): Promise<RunStats> {
  const latenciesMs: number[] = [];
  let unexpected = 0;
  // Every connection takes the next path of the one rotation, so no two requests share one
  // until the rotation comes round.
  const requests = nextPath
    ? [{ method: 'GET', setupRequest: (request: object) => ({ ...request, path: nextPath() }) }]
    : undefined;
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        timeout: 10,
        headers: { ...HEADERS, ...headers },
        requests,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      if (statusCode === expectedStatus) latenciesMs.push(responseTimeMs);
      else unexpected += 1;
    });
  });
  unexpected += result.errors;
  return {
    requestsPerSecond: result.duration > 0 ? latenciesMs.length / result.duration : 0,
    latenciesMs,
    unexpected,
    total: latenciesMs.length + unexpected,
  };
}

const DRAIN_TIMEOUT_MS = 30_000;
/** Leaves the server a moment to finish rendering the answers nobody reads any more. */
const SETTLE_MS = 200;

async function drain(url: string): Promise<void> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(DRAIN_TIMEOUT_MS) });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`GET ${url} answered ${answer.status} while draining`);
  await sleep(SETTLE_MS);
}

/**
 * Warms every route up, then runs `rounds` rounds; each round measures every target right next
 * to a fresh ceiling run. The order within a pair alternates (ceiling first, then target first)
 * so that load drifting during a pair does not always favour the same side. With `cpu`, the
 * CPU each side spends in a target's measured runs (draining included) is added up.
 */
export async function measureAgainstCeiling(
  baseUrl: string,
  ceiling: Endpoint,
  targets: readonly Endpoint[],
  plan: LoadPlan,
  cpu?: CpuSources,
): Promise<TargetSummary[]> {
  const run = async (endpoint: Endpoint, seconds: number) => {
    const stats = await runLoad(
      `${baseUrl}${endpoint.path}`,
      endpoint.expectedStatus,
      seconds,
      plan.connections,
      endpoint,
    );
    // Without this a slow target's leftover requests (10 connections x its latency) ate into
    // the ceiling run after it, which measured ~1,000 instead of ~2,700 req/s.
    await drain(`${baseUrl}${plan.drainPath}`);
    return stats;
  };

  // The first seconds of each route pay for JIT compilation, PGlite's buffer cache and lazily
  // built query plans; none of that is what a visitor of a running server sees.
  for (const endpoint of [ceiling, ...targets]) await run(endpoint, plan.warmupSeconds);

  const perTarget = targets.map(() => ({
    ratios: [] as number[],
    p95s: [] as number[],
    rps: [] as number[],
    ceilingRps: [] as number[],
    unexpected: 0,
    total: 0,
    answered: 0,
    cpu: { server: 0, database: 0, loadGenerator: 0 },
  }));
  for (let round = 0; round < plan.rounds; round += 1) {
    note(`load round ${round + 1}/${plan.rounds}`);
    for (const [index, target] of targets.entries()) {
      const stats = perTarget[index]!;
      const runTarget = async () => {
        if (!cpu) return run(target, plan.roundSeconds);
        const { result, spent } = await measureCpu(cpu, () => run(target, plan.roundSeconds));
        stats.answered += result.latenciesMs.length;
        stats.cpu.server += spent.server;
        stats.cpu.database += spent.database ?? 0;
        stats.cpu.loadGenerator += spent.loadGenerator;
        return result;
      };
      const isCeilingFirst = round % 2 === 0;
      const first = await (isCeilingFirst ? run(ceiling, plan.roundSeconds) : runTarget());
      const second = await (isCeilingFirst ? runTarget() : run(ceiling, plan.roundSeconds));
      const [ceilingStats, targetStats] = isCeilingFirst ? [first, second] : [second, first];
      // A ceiling run with no answer at all (a stalled machine) gives no ratio for the round.
      stats.ratios.push(
        ceilingStats.requestsPerSecond > 0
          ? targetStats.requestsPerSecond / ceilingStats.requestsPerSecond
          : Number.NaN,
      );
      stats.p95s.push(percentile(targetStats.latenciesMs, 95));
      stats.rps.push(targetStats.requestsPerSecond);
      stats.ceilingRps.push(ceilingStats.requestsPerSecond);
      stats.unexpected += targetStats.unexpected + ceilingStats.unexpected;
      stats.total += targetStats.total + ceilingStats.total;
    }
  }

  return targets.map((target, index) => {
    const stats = perTarget[index]!;
    const isSuspect = stats.unexpected > Math.max(0, stats.total * MAX_UNEXPECTED_SHARE);
    return {
      path: target.path,
      ratio: median(stats.ratios.filter(Number.isFinite)),
      p95Ms: median(stats.p95s.filter(Number.isFinite)),
      requestsPerSecond: median(stats.rps),
      ceilingRequestsPerSecond: median(stats.ceilingRps),
      cpuPerAnswerMs:
        cpu && stats.answered > 0
          ? {
              server: stats.cpu.server / stats.answered,
              database: cpu.databasePids ? stats.cpu.database / stats.answered : undefined,
              loadGenerator: stats.cpu.loadGenerator / stats.answered,
            }
          : undefined,
      problem: isSuspect
        ? `${stats.unexpected} of ${stats.total} answers were errors or not the expected status`
        : undefined,
    };
  });
}
