import fs from 'node:fs';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing.ts';
import healthPlugin from './health.ts';

describe('GET /healthz and GET /readyz on the whole app', () => {
  it('are both ok while the database answers', async () => {
    const test = await createTestApp();
    try {
      const live = await test.app.inject('/healthz');
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await test.app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    } finally {
      await test.close();
    }
  });

  it('keep the process alive but not ready, and API calls 503, once the database is gone', async () => {
    const test = await createTestApp();
    try {
      await test.database.close();

      const live = await test.app.inject('/healthz');
      expect(live.statusCode).toBe(200);

      const ready = await test.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'failed' },
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      });

      const search = await test.app.inject('/api/search?q=house');
      expect(search.statusCode).toBe(503);
      expect(search.headers['retry-after']).toBe('5');
    } finally {
      await test.app.close();
      fs.rmSync(test.dataDir, { recursive: true, force: true });
    }
  });

  it('are not part of the public API documentation', async () => {
    const test = await createTestApp();
    try {
      const { paths } = (await test.app.inject('/api/docs')).json();
      expect(Object.keys(paths)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/healthz|readyz|metrics/)]),
      );
    } finally {
      await test.close();
    }
  });
});

describe('readiness checks given to the plugin', () => {
  it('names each failed or slow dependency, and stays ready when all answer', async () => {
    let isRedisUp = false;
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(healthPlugin, {
      readinessTimeoutMs: 50,
      readinessChecks: [
        { name: 'database', check: async () => undefined },
        {
          name: 'redis',
          check: async () => {
            if (!isRedisUp) throw new Error('connect ECONNREFUSED');
          },
        },
      ],
    });
    const slow = Fastify();
    slow.setSerializerCompiler(serializerCompiler);
    await slow.register(healthPlugin, {
      readinessTimeoutMs: 50,
      readinessChecks: [{ name: 'search', check: () => new Promise<void>(() => undefined) }],
    });
    try {
      const down = await app.inject('/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ checks: { database: 'ok', redis: 'failed' } });
      // No internals (the error's text) reach the caller.
      expect(down.body).not.toContain('ECONNREFUSED');

      isRedisUp = true;
      const up = await app.inject('/readyz');
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });

      const hanging = await slow.inject('/readyz');
      expect(hanging.statusCode).toBe(503);
      expect(hanging.json()).toMatchObject({ checks: { search: 'timed out' } });
    } finally {
      await app.close();
      await slow.close();
    }
  });
});
