import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_VARIABLES } from '#config/env.ts';
import { buildChildEnv } from './child-env.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the environment of a process a test starts', () => {
  it('holds what a process needs and the given settings, none of the shell’s configuration', () => {
    for (const name of CONFIG_VARIABLES) vi.stubEnv(name, 'from the shell');
    vi.stubEnv('PATH', '/usr/bin:/bin');
    vi.stubEnv('HOME', '/home/operator');
    vi.stubEnv('TMPDIR', '/tmp/operator');
    vi.stubEnv('NODE_OPTIONS', '--max-old-space-size=512');

    expect(buildChildEnv({ DATA_DIR: '/tmp/test-data', LOG_LEVEL: 'silent' })).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/home/operator',
      TMPDIR: '/tmp/operator',
      NODE_OPTIONS: '--max-old-space-size=512',
      DATA_DIR: '/tmp/test-data',
      LOG_LEVEL: 'silent',
    });
  });

  it('leaves out what the shell does not set', () => {
    vi.stubEnv('TMPDIR', undefined);
    vi.stubEnv('NODE_OPTIONS', undefined);
    expect(Object.keys(buildChildEnv())).not.toContain('TMPDIR');
    expect(Object.keys(buildChildEnv())).not.toContain('NODE_OPTIONS');
  });
});
