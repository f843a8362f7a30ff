/**
 * The environment of a process a test starts (a server, a command-line script): what any process
 * needs to run, and the test's own settings. Never the caller's configuration: an operator who
 * exported ADMIN_EMAIL, REDIS_URL or DATABASE_URL as the README shows must still see the tests
 * start their servers as they describe, and pass.
 */
const NEEDED_TO_RUN = ['PATH', 'HOME', 'TMPDIR', 'NODE_OPTIONS'] as const;

/** `settings` on top of the few variables a process needs from its parent. */
export function buildChildEnv(settings: Record<string, string> = {}): NodeJS.ProcessEnv {
  const needed = NEEDED_TO_RUN.flatMap((name) => {
    const value = process.env[name];
    return value === undefined ? [] : [[name, value] as const];
  });
  return { ...Object.fromEntries(needed), ...settings };
}
