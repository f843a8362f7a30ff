/**
 * The seed of every property test (fast-check), so that each run draws the same inputs and a
 * green suite stays green: FC_SEED when set (to replay a failure, or to try other inputs), else
 * a fixed one. A failure names the seed and the command that replays it.
 */
import path from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';

const DEFAULT_SEED = 20_261_128;

function readSeed(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SEED;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, not "${value}"`);
  return seed;
}

const PROPERTY_SEED = readSeed(process.env.FC_SEED);

/** The command that runs the current test file again on the same inputs. */
export function describeReplay(): string {
  const { testPath } = expect.getState();
  const file = testPath ? path.relative(process.cwd(), testPath) : '<test file>';
  return `Replay with: FC_SEED=${PROPERTY_SEED} npx vitest run ${file}`;
}

/** fast-check's parameters for `fc.assert`, with the run's seed and a replayable failure. */
export function withPropertySeed<T>(parameters: fc.Parameters<T> = {}): fc.Parameters<T> {
  return {
    ...parameters,
    seed: PROPERTY_SEED,
    reporter(details) {
      if (!details.failed) return;
      throw new Error(`${fc.defaultReportMessage(details)}\n\n${describeReplay()}`, {
        cause: details.errorInstance,
      });
    },
  };
}
