/**
 * Lighthouse runs against the production server: default config (the mobile preset with
 * simulated throttling), one fresh headless Chromium per run so no cache or service worker
 * carries over between runs.
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS } from '#test/chromium.ts';
import { note } from './figures.ts';

export type LighthouseSample = {
  /** 0-100. */
  performance: number;
  lcpMs: number;
  cls: number;
  warnings: string[];
};

// Pages load through the benchmark's own HTTPS front, whose certificate is self-signed.
const CHROME_FLAGS = ['--headless=new', '--ignore-certificate-errors', ...CHROMIUM_ARGS];

/** The browser of the run in progress, so clean-up can close it after an error or Ctrl-C. */
let activeChrome: LaunchedChrome | undefined;

/** Closes the Chromium of a run still in progress, if any. */
export function killActiveChrome(): void {
  activeChrome?.kill();
  activeChrome = undefined;
}

function numericAudit(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined)
    throw new Error(`Lighthouse gave no value for ${id} on ${lhr.finalDisplayedUrl}`);
  return value;
}

/** Chromium now and then records no usable trace of a load; a second run measures it. */
const TRACE_FAILURES = ['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED'];

class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One Lighthouse run of `url`, run once more when Chromium failed to record the trace; throws
 * if Lighthouse still could not measure the page.
 */
export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseSample> {
  try {
    return await runLighthouseOnce(url, chromePath);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError) || !TRACE_FAILURES.includes(error.code)) {
      throw error;
    }
    note(`lighthouse: ${error.code} on ${url}; running it once more`);
    return runLighthouseOnce(url, chromePath);
  }
}

async function runLighthouseOnce(url: string, chromePath: string): Promise<LighthouseSample> {
  // chrome-launcher's own SIGINT handler would exit the process before the benchmark stops
  // its server and removes its temp dir; the benchmark's clean-up closes the browser instead.
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, handleSIGINT: false });
  activeChrome = chrome;
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      // Only the performance category is read: skipping the others shortens each run a lot and
      // leaves the preset (device, throttling) and the performance score as they are.
      onlyCategories: ['performance'],
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(
        lhr.runtimeError.code,
        `Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    }
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error(`No performance score for ${url}`);
    return {
      performance: score * 100,
      lcpMs: numericAudit(lhr, 'largest-contentful-paint'),
      cls: numericAudit(lhr, 'cumulative-layout-shift'),
      warnings: lhr.runWarnings,
    };
  } finally {
    killActiveChrome();
  }
}
