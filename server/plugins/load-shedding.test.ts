/**
 * Load shedding on the whole app with a real event loop: the test blocks it with a busy loop,
 * and the next requests are refused (503, Retry-After) until the loop keeps up again. The
 * threshold (LOAD_SHEDDING_DELAY_MS, as an operator sets it) is small so that a few hundred
 * milliseconds of blocking cross it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';

let test: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  test = await createTestApp({
    // A mean delay over 20 ms per 200 ms sample: an idle loop stays near 0, an 800 ms block
    // crosses it whatever else the sample holds (at most 19 idle 10 ms ticks beside it).
    env: { LOAD_SHEDDING_DELAY_MS: '20' },
    loadShedding: { sampleIntervalMs: 200 },
  });
  app = test.app;
});

afterAll(async () => {
  await test.close();
});

function blockEventLoop(milliseconds: number): void {
  const until = performance.now() + milliseconds;
  while (performance.now() < until) {
    // Busy: nothing else in this process runs meanwhile, as under a CPU-bound overload.
  }
}

/** Asks until the answer's status is `status`, for at most `withinMs`; answers that answer. */
async function waitForStatus(
  url: string,
  status: number,
  withinMs: number,
): Promise<LightMyRequestResponse> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const response = await app.inject(url);
    if (response.statusCode === status || performance.now() > deadline) return response;
    await sleep(5);
  }
}

/**
 * Blocks the loop and asks `url` until it is refused. The refusals last one sample (200 ms); on a
 * machine busy with other tests the first request after the block can outlast them, so the
 * block comes again, up to three times, before the answer is taken as it is.
 */
async function overload(url: string): Promise<LightMyRequestResponse> {
  let refused = await app.inject(url);
  for (let attempt = 0; attempt < 3 && refused.statusCode !== 503; attempt += 1) {
    blockEventLoop(800);
    refused = await waitForStatus(url, 503, 2_000);
  }
  return refused;
}

describe('an overloaded event loop', () => {
  it('refuses requests with 503 and Retry-After, then serves again once it keeps up', async () => {
    expect((await app.inject('/api/search?q=house')).statusCode).toBe(200);

    const refused = await overload('/api/search?q=house');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toEqual({
      message: 'The server is too busy right now. Please try again in a few seconds.',
    });

    const recovered = await waitForStatus('/api/search?q=house', 200, 3_000);
    expect(recovered.statusCode).toBe(200);
  });

  it('still answers liveness and readiness while shedding, in the caller’s language', async () => {
    // The three are asked inside one refusal window: when a busy machine let the next sample
    // (200 ms away) end it meanwhile, the loop is blocked again and they are asked again.
    let answers: LightMyRequestResponse[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await overload('/api/nothing-here');
      expect(refused.statusCode).toBe(503);
      answers = await Promise.all([
        app.inject('/healthz'),
        app.inject('/readyz'),
        app.inject({ url: '/api/nothing-here', headers: { 'accept-language': 'fr' } }),
      ]);
      if (app.isUnderPressure()) break;
      await waitForStatus('/api/nothing-here', 404, 3_000);
    }
    expect(app.isUnderPressure()).toBe(true);
    const [live, ready, french] = answers as [
      LightMyRequestResponse,
      LightMyRequestResponse,
      LightMyRequestResponse,
    ];
    expect(live.statusCode).toBe(200);
    expect(ready.statusCode).toBe(200);
    expect(french.statusCode).toBe(503);
    expect(french.json().message).toBe(
      'Le serveur est trop sollicité pour le moment. Veuillez réessayer dans quelques secondes.',
    );
  });
});
