import type { BuildOptions } from 'esbuild';

export const SERVER_BUNDLE_OPTIONS: Pick<
  BuildOptions,
  'bundle' | 'platform' | 'format' | 'target' | 'packages'
>;

export function missingBuildOutputs(root: string): string[];
