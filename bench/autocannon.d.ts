/**
 * The part of autocannon's programmatic API the benchmark uses. autocannon ships no types and
 * @types/autocannon is not a dependency; this covers only what bench/load.ts calls.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    /** Requests each connection sends in turn; `setupRequest` may rewrite one before it goes. */
    requests?: {
      method?: string;
      path?: string;
      setupRequest?: (request: object) => object;
    }[];
  };

  /** Latency percentiles come from an HDR histogram: p50, p90, p97_5, p99 ... but no p95. */
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    totalCount: number;
  };

  export type Result = {
    /** Seconds the run lasted. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  };

  export interface Instance extends EventEmitter {
    stop(): void;
    on(
      event: 'response',
      listener: (
        client: unknown,
        statusCode: number,
        bytes: number,
        responseTimeMs: number,
      ) => void,
    ): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
  }

  function autocannon(
    options: Options,
    done: (error: Error | null, result: Result) => void,
  ): Instance;
  export default autocannon;
}
