import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type {} from '@fastify/rate-limit';
import { createRequest } from '@remix-run/node-fetch-server';
import type { FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { FormRateLimit } from '#lib/api-schemas.ts';
import type { CatalogueFiles } from '#lib/i18n.ts';
import { t } from '#lib/i18n.admin.ts';
import { createPageContext } from '../load-context.ts';
import type { Services } from '../services.ts';

export type PagesOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  /** Each language's texts in the browser build (none in development: Vite serves them). */
  catalogueFiles: CatalogueFiles | null;
  services: Services;
  formRateLimit: FormRateLimit;
  /** Where links in e-mails point (config.siteUrl). */
  siteUrl: string;
  /** PUBLIC_URL (config.publicUrl), if set: the address in sitemaps and link previews. */
  publicUrl: string | undefined;
  /** The largest form post a page accepts: every photo at the upload limit, plus the fields. */
  maxBodyBytes: number;
};

function contentSecurityPolicy(nonce: string, mode: PagesOptions['mode']): string {
  const scripts = mode === 'development' ? `'self' 'unsafe-inline'` : `'self' 'nonce-${nonce}'`;
  return [
    `default-src 'self'`,
    `script-src ${scripts}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `connect-src 'self'${mode === 'development' ? ' ws:' : ''}`,
    `font-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * Every path the API and the static files do not claim is a page: the request goes to React
 * Router, which runs the route's loader or action and renders the HTML on the server.
 */
export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  const handleRequest = createRequestHandler(options.build, options.mode);
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;

  // React Router reads form bodies itself, from the raw request stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // Page actions answer an exceeded limit inside the form, so the limit is checked here and
  // handed to them rather than enforced with a bare 429.
  const checkFormRateLimit = app.createRateLimit(options.formRateLimit);

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    // Pages are public; each page that needs a user redirects to /login itself. Declaring the
    // access makes the access plugin sign the request in and check where form posts come from.
    config: { access: 'public' },
    handler: async (request, reply) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      // React Router reads a form body whole; refuse one too large before it is read. Browsers
      // always give a form post its length.
      if (!isRead) {
        const length = Number(request.headers['content-length'] ?? NaN);
        if (Number.isNaN(length)) {
          return reply.status(411).send({ message: t('api.lengthRequired') });
        }
        if (length > options.maxBodyBytes) {
          return reply.status(413).send({ message: t('api.formTooLarge') });
        }
      }
      const limit = isRead ? undefined : await checkFormRateLimit(request);
      const nonce = randomBytes(16).toString('base64');
      const fetchRequest = createRequest(request.raw, reply.raw, {
        host: request.host,
        protocol: `${request.protocol}:`,
      });
      const response = await handleRequest(
        fetchRequest,
        createPageContext({
          services: options.services,
          nonce,
          requestId: request.id,
          logger: request.log,
          // Pages are for browsers: only the session cookie signs them in, never a Bearer token.
          viewer: request.credentials === 'cookie' ? request.viewer : null,
          clientAddress: request.ip,
          siteUrl: options.siteUrl,
          catalogueFiles: options.catalogueFiles,
          publicOrigin,
          isSecureRequest: options.siteUrl.startsWith('https:') || request.protocol === 'https',
          // The limiter's `isAllowed` means "on the allow list"; what counts is `isExceeded`.
          formRateLimit:
            limit && !limit.isAllowed && limit.isExceeded
              ? { isExceeded: true, retryAfterSeconds: limit.ttlInSeconds }
              : { isExceeded: false },
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (response.headers.get('content-type')?.startsWith('text/html')) {
        reply.header('content-security-policy', contentSecurityPolicy(nonce, options.mode));
        if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-cache');
      }
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
    },
  });
}
