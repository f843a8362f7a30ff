import '#lib/i18n.server.ts';
import { afterEach, beforeEach, vi } from 'vitest';

/** A test that logs console.error fails: such output means something went wrong unnoticed. */
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called:\n${errors.map((args) => args.join(' ')).join('\n')}`,
    );
  }
});
