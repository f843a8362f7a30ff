import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'build/**', 'e2e/**', 'data/**'],
    // Guards against a hang, not measures of speed: sized for a machine busy with other work,
    // where a test that takes 6 s alone (a backup and restore) took over 30 s beside the e2e run.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Test files wait on databases, servers and timers as much as they compute: one per core
    // (vitest's default leaves a core idle). A worker keeps the modules it loaded from one file
    // to the next instead of loading the whole server again for each: 40% of a run's time.
    maxWorkers: os.availableParallelism(),
    isolate: false,
  },
});
