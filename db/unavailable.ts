/**
 * SQLSTATE codes that mean the database cannot be reached or is going away, rather than that a
 * statement was wrong: class 08 (connection exception) plus the shutdown and start-up states.
 */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections (also a CONNECTION LIMIT reached)
]);

/** Socket errors of a connection that could not be opened or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres says these in words, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /not queryable/,
  /Cannot use a pool after calling end/,
];

type ErrorFields = { code?: unknown; severity?: unknown; message?: unknown };

function isUnavailableItself(error: ErrorFields): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  // A FATAL or PANIC error ends the session: whatever its code, this connection is gone (a
  // database refusing connections answers 55000 FATAL, for instance).
  if (error.severity === 'FATAL' || error.severity === 'PANIC') return true;
  if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)) {
    return true;
  }
  const message = typeof error.message === 'string' ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether an error means that PostgreSQL cannot be reached right now (refused, restarting,
 * connection cut), so the request may succeed later, as opposed to a bug or a bad statement.
 * Looks through the causes drizzle wraps driver errors in, and the attempts of an
 * AggregateError (a host with an IPv4 and an IPv6 address).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (isUnavailableItself(error)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return 'cause' in error && isDatabaseUnavailable(error.cause, depth + 1);
}
