import type { Viewer } from '#modules/accounts/accounts.service.ts';
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
    /** The user signed in with the session cookie, or null. */
    viewer: Viewer | null;
    /** The client's address, as the login and signup limits count it. */
    clientAddress: string;
    /** Where links in e-mails point: PUBLIC_URL, else this machine (never the Host header). */
    siteUrl: string;
    /** Whether the visitor uses HTTPS, so that session cookies are marked Secure. */
    isSecureRequest: boolean;
  }
}

export {};
