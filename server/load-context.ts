import type { Services } from './services.ts';

/** What every page loader and action receives from the server. */
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    /** The per-request Content-Security-Policy nonce for inline scripts. */
    nonce: string;
    requestId: string;
    /** For form posts: whether this client went over the public form rate limit. */
    formRateLimit: { isExceeded: false } | { isExceeded: true; retryAfterSeconds: number };
  }
}

export {};
