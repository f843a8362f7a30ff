/** The real server as a child process, for tests of start-up, shutdown and the data directory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { buildChildEnv } from './child-env.ts';

export type Started = { child: ChildProcess; port: number; output: () => string };

const children: ChildProcess[] = [];

/**
 * Starts test/api-server.ts (the real start-up, no pages) on a data directory, configured by
 * these settings and `env` alone (not by the variables of the shell that runs the tests).
 */
export function spawnServer(dataDir: string, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/api-server.ts'], {
    env: buildChildEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      FORM_POSTS_PER_MINUTE: '100000',
      LOG_LEVEL: 'info',
      // Off, as in createTestApp: on a busy machine a slow start-up can stall the event loop for
      // a whole sample, and the first requests would be shed (503) for what the tests do not
      // test. plugins/load-shedding.test.ts tests the shedding itself.
      LOAD_SHEDDING_DELAY_MS: '0',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** Resolves with the port once the server logs that it is ready, and what it logged so far. */
export function waitUntilReady(child: ChildProcess): Promise<Started> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /marketplace ready on port (\d+)/.exec(output);
      if (match) resolve({ child, port: Number(match[1]), output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`server exited (${code}) before ready:\n${output}`)),
    );
  });
}

export function waitForExit(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Stops a started server with SIGTERM and waits for it to exit. */
export async function stopServer(started: Started): Promise<number | null> {
  const exited = waitForExit(started.child);
  started.child.kill('SIGTERM');
  return (await exited).code;
}

/** Kills whatever a test file left running. */
export function killServers(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}
