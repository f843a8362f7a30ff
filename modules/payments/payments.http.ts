/**
 * What the MTN and Airtel clients share: an OAuth token kept until shortly before it expires, and
 * reading the providers' answers (JSON or not).
 */

/** An HTTP answer: its status and its body (JSON when it is, else the text). */
export type Answer = { status: number; body: unknown };

export type IssuedToken = { token: string; lifetimeMs: number };
export type TokenSource = { get(): Promise<string>; forget(token: string): void };

/** Keeps a token until shortly before it expires, with one request in flight for all callers. */
export function createTokenSource(issue: () => Promise<IssuedToken>): TokenSource {
  let cached: { token: string; renewAt: number } | null = null;
  let inFlight: Promise<string> | null = null;
  return {
    get() {
      if (cached && Date.now() < cached.renewAt) return Promise.resolve(cached.token);
      inFlight ??= issue()
        .then(({ token, lifetimeMs }) => {
          // Renew a minute early (half the lifetime for short tokens), so none expires in flight.
          cached = { token, renewAt: Date.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 2) };
          return token;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    forget(token) {
      if (cached?.token === token) cached = null;
    },
  };
}

export function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

export function parseBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function textOf(value: unknown, key: string): string | null {
  const field = recordOf(value)?.[key];
  if (typeof field === 'string' && field !== '') return field;
  return typeof field === 'number' ? String(field) : null;
}
