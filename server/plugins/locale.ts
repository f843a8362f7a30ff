import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, pathLocale, type Locale } from '#lib/i18n.ts';
import { localeFromAcceptLanguage, withLocale } from '#lib/i18n.server.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of the answer: a page's from its address, an API call's from Accept-Language. */
    locale: Locale;
  }
}

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Gives every request its language before anything else runs, so that every text made while
 * answering it (a page, an error, an e-mail it sends) is in that language: `/rw/...` and
 * `/fr/...` pages in theirs, the spec's addresses in English, API calls by `Accept-Language`.
 */
async function localePlugin(app: FastifyInstance) {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    request.locale = isApiPath(pathname)
      ? localeFromAcceptLanguage(request.headers['accept-language'])
      : pathLocale(pathname);
    withLocale(request.locale, done);
  });
}

export default fp(localePlugin, { name: 'locale' });
