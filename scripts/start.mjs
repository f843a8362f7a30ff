// `npm start`: builds once when there is no production build yet, then runs the server.
import { spawnSync } from 'node:child_process';
import { missingBuildOutputs } from './server-build.mjs';

if (missingBuildOutputs(process.cwd()).length > 0) {
  console.log('No production build yet: building it first (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('../build/node/index.js');
