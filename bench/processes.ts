/**
 * Child processes of the benchmark (build, seed, server) and the clean-up that must run however
 * the benchmark ends: a stray server would hold the port and the PGlite lock, a stray temp dir
 * holds a few hundred MB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Children still running, so clean-up can stop them after an error or Ctrl-C. */
const running = new Set<ChildProcess>();

/** Lines of a child's output kept to explain a failure, without flooding the benchmark's own. */
const OUTPUT_TAIL_LINES = 40;

function keepTail(lines: string[], chunk: Buffer): void {
  lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  if (lines.length > OUTPUT_TAIL_LINES) lines.splice(0, lines.length - OUTPUT_TAIL_LINES);
}

/**
 * Runs a command to completion with its output captured (shown only if it fails) and answers
 * its output lines. Throws on a non-zero exit.
 */
export async function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<string[]> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'pipe' });
  running.add(child);
  const output: string[] = [];
  const all: string[] = [];
  const collect = (chunk: Buffer) => {
    keepTail(output, chunk);
    all.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  try {
    const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
    if (code !== 0) {
      throw new Error(
        `${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output.join('\n')}`,
      );
    }
    return all;
  } finally {
    running.delete(child);
  }
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it; another process could still race). */
export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('No TCP port assigned');
  return address.port;
}

export type ServerHandle = { baseUrl: string; process: ChildProcess };

const HEALTH_TIMEOUT_MS = 60_000;
const HEALTH_POLL_MS = 250;

/**
 * Starts the production server and waits until /healthz answers. Its output goes to stderr
 * (with LOG_LEVEL=warn only warnings and errors, which a reader of the figures should see).
 */
export async function startServer(options: {
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
}): Promise<ServerHandle> {
  const child = spawn(process.execPath, ['build/node/index.js'], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      keepTail(output, chunk);
      process.stderr.write(prefixLines('[server] ', chunk.toString('utf8')));
    });
  }

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited while starting:\n${output.join('\n')}`);
    }
    try {
      const answer = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (answer.ok) return { baseUrl, process: child };
    } catch {
      // Not listening yet: poll again.
    }
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error(`The server did not answer /healthz within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

function prefixLines(prefix: string, text: string): string {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => `${prefix}${line}\n`)
    .join('');
}

/** More than the server's own 10 s shutdown grace, so a clean stop is never cut short. */
const STOP_TIMEOUT_MS = 15_000;

/** Stops a server started here: SIGTERM, then SIGKILL if it does not stop in time. */
export function stopServer(server: ServerHandle): Promise<void> {
  return stopProcess(server.process);
}

/** Stops a child with SIGTERM (the server then closes PGlite cleanly), SIGKILL if it hangs. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
    running.delete(child);
  }
}

/** Stops every child still running (seed, server). */
export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...running].map((child) => stopProcess(child)));
}
